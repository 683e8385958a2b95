// Question topics in Chromium at a desktop width: the admin finds the untagged mock questions,
// chooses three, sets their topic at once, finds them under that topic, and sets one more
// question's topic on its own screen; the rows and audit entries are in the database.
import { describe, expect, it } from 'vitest';
import { insertTopic, makeCatalog } from '../server/test/fixtures';
import {
  expectTab,
  poll,
  session,
  shot,
  signInAsAdmin,
  SUITE_OPTIONS,
  useAdminSession,
} from './adminSession';

useAdminSession();

const topicsOf = (ids: number[]) =>
  session.t.db
    .selectFrom('questions')
    .select(['id', 'topic_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

describe('question topics', SUITE_OPTIONS, () => {
  it('sets the topic of several chosen mock questions at once, then of one on its own screen', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const wound = await insertTopic(t.db, c.paper.id, 'Wound care');
    const [m1, m2, m3, m4] = c.mockQuestions;
    await signInAsAdmin();
    await page.getByRole('tab', { name: 'Question Bank', exact: true }).click();
    await expectTab('Question Bank');
    const table = page.getByRole('table', { name: 'Questions of the bank' });
    await poll(() => page.getByText(/^1–9 of 9 questions ·/).isVisible()).toBe(true);

    // Untagged: the five mock questions, each saying so.
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Untagged' });
    await poll(() => page.getByText(/^1–5 of 5 questions ·/).isVisible()).toBe(true);
    expect(await table.getByText('Untagged', { exact: true }).count()).toBe(5);

    for (const q of [m1, m2, m3]) {
      await table.getByRole('checkbox', { name: `Choose question: ${q.question_text}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Set the topic of the chosen questions' });
    await bar.getByText('3 questions chosen').waitFor();
    await bar.getByLabel('Topic for the chosen questions').selectOption({ label: 'Wound care' });
    await shot('admin-question-bank-topics-1280');
    await bar.getByRole('button', { name: 'Set topic' }).click();
    await page.getByRole('status').getByText('Topic set to "Wound care" for 3 questions.').waitFor();
    await poll(() => page.getByText(/^1–2 of 2 questions ·/).isVisible()).toBe(true);
    expect(await bar.count()).toBe(0);
    expect(await topicsOf([m1.id, m2.id, m3.id, m4.id])).toEqual([
      { id: m1.id, topic_id: wound.id },
      { id: m2.id, topic_id: wound.id },
      { id: m3.id, topic_id: wound.id },
      { id: m4.id, topic_id: null },
    ]);
    const edits = await t.db
      .selectFrom('question_edits')
      .select(['question_id', 'action'])
      .orderBy('id')
      .execute();
    expect(edits).toEqual([m1, m2, m3].map((q) => ({ question_id: q.id, action: 'topic' })));

    // Under the topic: the three, each naming it; the table fits at 1280 px.
    await page.getByLabel('Program', { exact: true }).selectOption({ label: 'General Nursing' });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: 'Paper 1' });
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Wound care' });
    await poll(() => page.getByText(/^1–3 of 3 questions ·/).isVisible()).toBe(true);
    expect(await table.getByText('Wound care', { exact: true }).count()).toBe(3);
    const box = page.getByRole('region', { name: 'Questions' });
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shot('admin-question-bank-by-topic-1280');

    // One question on its own screen: the topic changes in place, and the history says so.
    await page.goto(`${t.url}/admin/question-bank/${m4.id}`);
    const topic = page.getByLabel('Topic of this question');
    await poll(() => topic.inputValue()).toBe('untagged');
    await topic.selectOption({ label: 'Fluid balance' });
    await page.getByRole('button', { name: 'Save topic' }).click();
    await page.getByText('Topic set to "Fluid balance" for 1 question.').waitFor();
    expect(page.url()).toBe(`${t.url}/admin/question-bank/${m4.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(/^Topic changed by /).waitFor();
    await history.getByText('Before: Untagged', { exact: true }).waitFor();
    await history.getByText('After: Fluid balance', { exact: true }).waitFor();
    expect(await topicsOf([m4.id])).toEqual([{ id: m4.id, topic_id: c.topic.id }]);
    await shot('admin-question-topic-1280');
    expect(consoleErrors).toEqual([]);
  });
});
