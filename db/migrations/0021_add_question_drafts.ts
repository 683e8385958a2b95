// Tutors write and review questions before students see them.
// - questions.rationale_a..d: why each wrong option is wrong (null: none given); students see the
//   one they chose after checking it, and in a result's review.
// - question_drafts: a question being written or reviewed. Students' queries read `questions`
//   only, so a draft cannot reach them by any path: approval copies it into `questions` (a new
//   question, or a new version of the live one it edits) and the draft keeps the id it became.
//   status: 'draft' (the author is writing), 'submitted' (waiting for a reviewer),
//   'changes_requested' (sent back with a comment), 'approved' (published; read-only).
// - question_draft_comments: the thread of a draft, each decision with its comment.
// - question_edits.draft_id: the draft an approval published, so the history names its author.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

const LETTERS = ['a', 'b', 'c', 'd'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const letter of LETTERS)
    await db.schema.alterTable('questions').addColumn(`rationale_${letter}`, 'text').execute();

  let drafts = db.schema
    .createTable('question_drafts')
    .addColumn('id', 'integer', autoId(db))
    // The author's school (null: written by a platform admin); only its staff review it.
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft','submitted','changes_requested','approved')`),
    )
    .addColumn('practice_set_id', 'integer', (c) => c.references('practice_sets.id').onDelete('cascade'))
    .addColumn('mock_exam_set_id', 'integer', (c) => c.references('mock_exam_sets.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('option_a', 'text', (c) => c.notNull())
    .addColumn('option_b', 'text', (c) => c.notNull())
    .addColumn('option_c', 'text', (c) => c.notNull())
    .addColumn('option_d', 'text', (c) => c.notNull())
    .addColumn('correct_answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull());
  for (const letter of LETTERS) drafts = drafts.addColumn(`rationale_${letter}`, 'text');
  await drafts
    // The live question this draft edits (null: a new question). No foreign key, as for
    // replaced_by_id: the copy to PostgreSQL inserts parents by table, not by row.
    .addColumn('base_question_id', 'integer')
    // The live question approval wrote.
    .addColumn('published_question_id', 'integer')
    .addColumn('approved_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_drafts_queue')
    .on('question_drafts')
    .columns(['school_id', 'status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('question_draft_comments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('draft_id', 'integer', (c) => c.notNull().references('question_drafts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // What the comment came with: a plain comment, a submission, changes asked for, an approval.
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('comment','submitted','changes_requested','approved')`),
    )
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_draft_comments_draft')
    .on('question_draft_comments')
    .column('draft_id')
    .execute();

  await db.schema.alterTable('question_edits').addColumn('draft_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('question_edits').dropColumn('draft_id').execute();
  await db.schema.dropTable('question_draft_comments').execute();
  await db.schema.dropTable('question_drafts').execute();
  for (const letter of [...LETTERS].reverse())
    await db.schema.alterTable('questions').dropColumn(`rationale_${letter}`).execute();
}
