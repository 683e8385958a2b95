// Every admin tab at 1280 px passes axe's WCAG 2.2 A/AA rules, all impacts, with the experimental
// label-content-name-mismatch rule on (a control's name starts with the words it shows, so voice
// control finds it).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, STUDENT } from '../server/test/harness';
import { TABS } from '../client/src/features/admin/tabs';
import { expectTab, session, signInAsAdmin, SUITE_OPTIONS, useAdminSession } from './adminSession';

useAdminSession();

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Every violation, whatever its impact, one line each. */
async function wcag22Violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Violation = { id: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, TAGS);
}

describe('admin tabs and axe at 1280 px', SUITE_OPTIONS, () => {
  it('finds no WCAG 2.2 A/AA violation on any tab', async () => {
    const { page, t, consoleErrors } = session;
    const cat = await makeCatalog(t.db);
    const tokens = await signUpAndIn(t);
    await takeSet(rpc(t, tokens.access), { quiz_type: 'practice', quiz_id: cat.practiceSet.id }, 'ABCD');
    await t.api('POST', '/api/auth/registration/', { body: { ...STUDENT, email: 'waiting@example.com' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin();
    for (const { label, to } of TABS) {
      await page.goto(`${t.url}${to}`);
      await expectTab(label);
      await expect
        .poll(() => page.locator('[aria-busy="true"], [role="progressbar"]').count(), { timeout: 20_000 })
        .toBe(0);
      expect(await wcag22Violations(page), label).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });
});
