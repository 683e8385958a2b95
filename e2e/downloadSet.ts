// Downloads the seeded practice set to the phone from its topic's list, as a student does.
import type { Page } from 'playwright-core';
import type { seedContent } from './seedContent';

export async function downloadSeededSet(
  page: Page,
  url: string,
  { program, paper, topic }: Awaited<ReturnType<typeof seedContent>>,
) {
  await page.goto(`${url}/practice-tests/${program.id}/papers/${paper.id}/topics/${topic.id}/practice-sets`);
  await page.getByRole('button', { name: 'Download Fluids Practice Set 1' }).click();
  await page.getByText(/On this phone \(\d+ KB\)/).waitFor();
}
