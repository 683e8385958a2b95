// The admin area on a school laptop (1280 x 800): every tab of the bar in sight, a set's title
// with room to read, an inline edit form never cut by a scroll box, deactivation confirmed first,
// and a question's history with the whole old and new text of what changed.
import { describe, expect, it } from 'vitest';
import { insertPracticeSet, insertQuestions, makeCatalog } from '../server/test/fixtures';
import { findUserByEmail } from '../server/queries/users';
import { editQuestion } from '../server/services/questionEdits';
import { TABS } from '../client/src/features/admin/tabs';
import { ADMIN, poll, session, shot, signInAsAdmin, SUITE_OPTIONS, useAdminSession } from './adminSession';

useAdminSession();

const LONG_TITLE = 'Fluid and electrolyte balance in the post-operative adult: revision set for week 3';

describe('admin area at 1280 x 800', SUITE_OPTIONS, () => {
  it('shows every tab, gives set titles room, keeps edit forms whole, and confirms deactivation', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    for (let i = 2; i <= 14; i++) await insertPracticeSet(t.db, c.topic.id, `Practice Set ${i}`);
    const long = await insertPracticeSet(t.db, c.topic.id, LONG_TITLE);
    await insertQuestions(t.db, { practice_set_id: long.id }, 2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin();
    await page.goto(`${t.url}/admin?tab=content`);

    // The tab bar: every tab inside the bar's box, nothing cut or scrolled away.
    const bar = page.getByRole('tablist', { name: 'Admin dashboard sections' });
    const barBox = (await bar.boundingBox())!;
    for (const { label } of TABS) {
      const box = (await bar.getByRole('tab', { name: label, exact: true }).boundingBox())!;
      expect(box.x + box.width, `${label} is cut`).toBeLessThanOrEqual(barBox.x + barBox.width);
      expect(box.x, label).toBeGreaterThanOrEqual(barBox.x);
    }
    expect(await bar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // A set's title gets most of the row, on one line.
    const sets = page.getByRole('region', { name: /^Practice Sets/ });
    const title = sets.getByText(LONG_TITLE, { exact: true });
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.width).toBeGreaterThan(400);
    expect(titleBox.height).toBeLessThan(30);

    // The inline edit form of the last set is whole: no box of its own cuts it.
    await sets.getByRole('button', { name: 'Edit Practice Set 9' }).click();
    const form = page.getByRole('form', { name: 'Edit Practice Set 9' });
    const clipped = await form.evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(style.overflowY) && p.getBoundingClientRect().bottom < bottom)
          return true;
      }
      return false;
    });
    expect(clipped).toBe(false);
    await form.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
    expect(await form.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Deactivating asks first; Cancel changes nothing.
    const isActive = async () =>
      (
        await t.db
          .selectFrom('practice_sets')
          .select('is_active')
          .where('id', '=', long.id)
          .executeTakeFirstOrThrow()
      ).is_active;
    await sets.getByRole('button', { name: `Deactivate ${LONG_TITLE}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Deactivate ${LONG_TITLE}?` });
    await dialog.getByText('Students will no longer see this practice set.', { exact: false }).waitFor();
    await shot('admin-content-confirm-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await isActive()).toBe(1);
    await sets.getByRole('button', { name: `Deactivate ${LONG_TITLE}` }).click();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await poll(isActive).toBe(0);
    await poll(() => sets.getByRole('button', { name: `Reactivate ${LONG_TITLE}` }).isVisible()).toBe(true);
    await shot('admin-content-1280');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the whole old and new text of a changed explanation', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const question = c.practiceQuestions[0];
    const shared =
      'Fluid balance is charted hourly on the ward, and the nurse compares the input with the output; '.repeat(
        2,
      );
    await t.db
      .updateTable('questions')
      .set({ explanation: `${shared}The old ending.` })
      .where('id', '=', question.id)
      .execute();
    const admin = (await findUserByEmail(t.db, ADMIN.email))!;
    const { id, question_text, option_a, option_b, option_c, option_d, correct_answer } = question;
    const edited = await editQuestion(t.db, admin, { kind: 'platform' }, {
      id,
      question_text,
      option_a,
      option_b,
      option_c,
      option_d,
      correct_answer,
      explanation: `${shared}The new ending.`,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/question-bank/${edited.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(`Before: ${shared}The old ending.`, { exact: true }).waitFor();
    await history.getByText(`After: ${shared}The new ending.`, { exact: true }).waitFor();
    await shot('admin-question-history-1280');
    expect(consoleErrors).toEqual([]);
  });
});
