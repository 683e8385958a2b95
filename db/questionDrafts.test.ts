// Migration 0021 adds rationales, drafts and their threads: taken down and up again over a bank
// with questions, the questions are kept with no rationale, and a draft's state and a comment's
// kind are refused outside their lists.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down, up } from './migrations/0021_add_question_drafts';
import { makeCatalog } from '../server/test/fixtures';
import { useMigratedDb } from '../server/test/migrationSteps';

const { db, step } = useMigratedDb();

describe('migration 0021', () => {
  it('keeps the bank through down and up, its questions without rationales', async () => {
    const cat = await makeCatalog(db());
    await step(down);
    await step(up);
    const rows = await db()
      .selectFrom('questions')
      .select(['id', 'rationale_a', 'rationale_d'])
      .where('practice_set_id', '=', cat.practiceSet.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      cat.practiceQuestions.map((q) => ({ id: q.id, rationale_a: null, rationale_d: null })),
    );
    expect(await db().selectFrom('question_drafts').selectAll().execute()).toEqual([]);
  });

  it('refuses a draft state or a comment kind outside their lists', async () => {
    const cat = await makeCatalog(db());
    const now = new Date().toISOString();
    const draft = (status: string) =>
      sql`insert into question_drafts (status, practice_set_id, question_text, option_a, option_b, option_c,
        option_d, correct_answer, explanation, created_at, updated_at)
        values (${status}, ${cat.practiceSet.id}, 'Q', 'a', 'b', 'c', 'd', 'A', '', ${now}, ${now})`.execute(
        db(),
      );
    await expect(draft('published')).rejects.toThrow();
    await draft('submitted');
    const [{ id }] = await db().selectFrom('question_drafts').select('id').execute();
    await expect(
      sql`insert into question_draft_comments (draft_id, kind, body, created_at)
        values (${id}, 'rejected', 'x', ${now})`.execute(db()),
    ).rejects.toThrow();
  });
});
