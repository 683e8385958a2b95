// Questions written and reviewed by tutors, over /trpc with the rows they leave: a draft reaches
// no student until another tutor or an admin approves it; the author never approves their own;
// another school's draft is not found; an approved edit is a new version with its history.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { signUpAndIn, STUDENT } from '../test/harness';
import { countRows, rpc } from '../test/fixtures';
import { csvFile, goodRows } from '../test/importFiles';
import { insertSchool, signInSchoolStaff } from '../test/schools';
import { NATIONAL_READ_ONLY } from '../services/contentAccess';
import { useAdmin, useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Draft = Out['questionDrafts']['get'];
type QuizStart = Out['quiz']['start'];

const t = useTestServer();
const cat = useCatalog(t);
const student = useStudent(t);
const admin = useAdmin(t);

const DRAFT_TEXT = 'A patient on digoxin has a pulse of 52: what do you do first?';

function content(overrides: Record<string, unknown> = {}) {
  return {
    quiz_type: 'practice',
    set_id: cat.practiceSet.id,
    topic_id: cat.topic.id,
    question_text: DRAFT_TEXT,
    option_a: 'Give the dose',
    option_b: 'Withhold the dose and inform the prescriber',
    option_c: 'Give half the dose',
    option_d: 'Repeat the pulse in 4 hours',
    correct_answer: 'B',
    explanation: 'A pulse under 60 is a reason to withhold digoxin.',
    rationale_a: 'Giving it risks toxicity at this rate.',
    rationale_c: 'Halving the dose is not the nurse’s decision.',
    ...overrides,
  };
}

async function schoolStaff() {
  const school = await insertSchool(t.db, 'Korle-Bu Test College');
  const other = await insertSchool(t.db, 'Tamale Test College');
  const author = await signInSchoolStaff(t, {
    schoolId: school.id,
    role: 'tutor',
    email: 'ama@korlebu.test',
  });
  const reviewer = await signInSchoolStaff(t, {
    schoolId: school.id,
    role: 'tutor',
    email: 'kofi@korlebu.test',
  });
  const stranger = await signInSchoolStaff(t, {
    schoolId: other.id,
    role: 'tutor',
    email: 'abu@tamale.test',
  });
  // The catalogue's practice set becomes the school's own (tutors write into their school's sets
  // only), and the student one of its students, who alone see what it holds.
  await t.db
    .updateTable('practice_sets')
    .set({ school_id: school.id })
    .where('id', '=', cat.practiceSet.id)
    .execute();
  await t.db.updateTable('users').set({ school_id: school.id }).where('email', '=', STUDENT.email).execute();
  return { school, other, author, reviewer, stranger };
}

/** Another student of the school, signed in. */
async function schoolStudent(schoolId: number, email: string) {
  const { access } = await signUpAndIn(t, { email });
  await t.db.updateTable('users').set({ school_id: schoolId }).where('email', '=', email).execute();
  return rpc(t, access);
}

/** Every way a student reaches a set's questions: the list, a practice start and a download. */
async function whatStudentsSee() {
  const listed = await student.query<Array<{ id: number; total_questions: number }>>('catalog.practiceSets', {
    topicId: cat.topic.id,
  });
  const start = await student.mutate<QuizStart>('quiz.start', {
    quiz_type: 'practice',
    quiz_id: cat.practiceSet.id,
  });
  const download = await student.mutate<{ questions: unknown[] }>('offline.downloadSet', {
    quiz_type: 'practice',
    quiz_id: cat.practiceSet.id,
  });
  if (start.data) await student.mutate('quiz.submit', { session_id: start.data.session.id, answers: [] });
  return { listed: listed.text, start: start.text, download: download.text, questions: start.data.questions };
}

describe('reviewing a tutor’s question', () => {
  it('goes draft, submitted, changes requested, resubmitted, approved; only then do students see it', async () => {
    const { school, author, reviewer, stranger } = await schoolStaff();
    const saved = await author.mutate<Draft>('questionDrafts.save', content({ correct_answer: 'C' }));
    expect(saved.error?.message).toBe('C is the correct answer: leave its "why it is wrong" empty.');
    expect(await countRows(t.db, 'question_drafts')).toBe(0);

    const created = await author.mutate<Draft>('questionDrafts.save', content());
    expect(created.data).toMatchObject({
      status: 'draft',
      school_id: school.id,
      author_name: 'Staff ama@korlebu.test',
    });
    const id = created.data.id;

    // A reviewer decides only on a submitted draft; the author never on their own.
    expect((await reviewer.mutate('questionDrafts.approve', { id })).status).toBe(409);
    expect((await author.mutate('questionDrafts.submit', { id })).data).toMatchObject({
      status: 'submitted',
    });
    const own = await author.mutate('questionDrafts.approve', { id });
    expect([own.status, own.error?.message]).toEqual([
      403,
      'You wrote this question: another tutor of your school or an admin must review it.',
    ]);
    // Another school's tutor cannot even see it.
    for (const call of [
      stranger.query('questionDrafts.get', { id }),
      stranger.mutate('questionDrafts.approve', { id }),
      stranger.mutate('questionDrafts.requestChanges', { id, body: 'No.' }),
      stranger.mutate('questionDrafts.comment', { id, body: 'Hello' }),
    ])
      expect((await call).status).toBe(404);
    expect((await stranger.query<unknown[]>('questionDrafts.list', { list: 'all' })).data).toEqual([]);
    // A student cannot reach the review at all.
    expect((await student.query('questionDrafts.list', { list: 'all' })).status).toBe(403);

    // Submitted is not live: no student path shows it.
    let seen = await whatStudentsSee();
    expect(JSON.parse(seen.listed).result.data[0].total_questions).toBe(4);
    expect(seen.questions).toHaveLength(4);
    for (const text of Object.values(seen)) expect(JSON.stringify(text)).not.toContain('digoxin');
    expect(await countRows(t.db, 'questions')).toBe(9);

    // Sent back with a comment: the author fixes and resubmits.
    expect((await reviewer.mutate('questionDrafts.requestChanges', { id, body: '' })).status).toBe(400);
    const back = await reviewer.mutate<Draft>('questionDrafts.requestChanges', {
      id,
      body: 'Say which prescriber: the doctor on call.',
    });
    expect(back.data.status).toBe('changes_requested');
    expect((await reviewer.mutate('questionDrafts.save', { id, ...content() })).status).toBe(403);
    const mine = await author.query<Draft[]>('questionDrafts.list', { list: 'mine' });
    expect(mine.data.map((d) => [d.id, d.status])).toEqual([[id, 'changes_requested']]);
    await author.mutate('questionDrafts.save', {
      id,
      ...content({ option_b: 'Withhold the dose and inform the doctor on call' }),
    });
    await author.mutate('questionDrafts.submit', { id });
    const queue = await reviewer.query<Draft[]>('questionDrafts.list', { list: 'to_review' });
    expect(queue.data.map((d) => d.id)).toEqual([id]);
    expect((await author.query<Draft[]>('questionDrafts.list', { list: 'to_review' })).data).toEqual([]);

    const approved = await reviewer.mutate<Draft>('questionDrafts.approve', { id, body: 'Good.' });
    expect(approved.data).toMatchObject({ status: 'approved', approved_by_name: 'Staff kofi@korlebu.test' });
    expect(approved.data.comments.map((c) => [c.kind, c.user_name, c.body])).toEqual([
      ['submitted', 'Staff ama@korlebu.test', ''],
      ['changes_requested', 'Staff kofi@korlebu.test', 'Say which prescriber: the doctor on call.'],
      ['submitted', 'Staff ama@korlebu.test', ''],
      ['approved', 'Staff kofi@korlebu.test', 'Good.'],
    ]);
    const live = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', approved.data.published_question_id!)
      .executeTakeFirstOrThrow();
    expect(live).toMatchObject({
      practice_set_id: cat.practiceSet.id,
      school_id: school.id,
      position: 5,
      option_b: 'Withhold the dose and inform the doctor on call',
      rationale_a: 'Giving it risks toxicity at this rate.',
      rationale_b: null,
      rationale_d: null,
      is_active: 1,
    });
    // An approved question is closed: no second approval, no change.
    expect((await reviewer.mutate('questionDrafts.approve', { id })).status).toBe(409);
    expect((await author.mutate('questionDrafts.save', { id, ...content() })).status).toBe(409);
    expect(await countRows(t.db, 'questions')).toBe(10);

    seen = await whatStudentsSee();
    expect(seen.download).toContain('digoxin');
    expect(JSON.parse(seen.listed).result.data[0].total_questions).toBe(5);
    const shown = seen.questions.find((q) => q.id === live.id);
    expect(shown).toMatchObject({
      correct_answer: 'B',
      rationale_a: 'Giving it risks toxicity at this rate.',
    });
  });

  it('publishes an approved edit of a live question as a new version, with who wrote and approved it', async () => {
    const { school, author } = await schoolStaff();
    const schoolAdmin = await signInSchoolStaff(t, {
      schoolId: school.id,
      role: 'school_admin',
      email: 'head@korlebu.test',
    });
    const [question] = cat.practiceQuestions;
    // A national question is not the school's to edit, and the answer says so.
    const national = await author.mutate('questionDrafts.editLive', { id: question.id });
    expect(national.status).toBe(403);
    expect(national.error?.message).toBe(NATIONAL_READ_ONLY);
    expect(await countRows(t.db, 'question_drafts')).toBe(0);
    await t.db.updateTable('questions').set({ school_id: school.id }).where('id', '=', question.id).execute();

    const draft = await author.mutate<Draft>('questionDrafts.editLive', { id: question.id });
    expect(draft.data).toMatchObject({
      base_question_id: question.id,
      question_text: question.question_text,
    });
    await author.mutate('questionDrafts.save', {
      id: draft.data.id,
      ...content({
        question_text: question.question_text,
        correct_answer: question.correct_answer,
        rationale_a: '',
        rationale_c: '',
        rationale_b: 'B is the adult dose.',
      }),
    });
    // Before approval the bank still holds the old text only.
    expect(
      (
        await t.db
          .selectFrom('questions')
          .select('explanation')
          .where('id', '=', question.id)
          .executeTakeFirstOrThrow()
      ).explanation,
    ).toBe(question.explanation);
    await author.mutate('questionDrafts.submit', { id: draft.data.id });
    const approved = await schoolAdmin.mutate<Draft>('questionDrafts.approve', { id: draft.data.id });
    const newId = approved.data.published_question_id!;
    expect(newId).not.toBe(question.id);
    const old = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    expect([old.is_active, old.replaced_by_id]).toEqual([0, newId]);

    const byId = await admin.query<Out['questions']['byId']>('questions.byId', { id: newId });
    expect(byId.data.history[0]).toMatchObject({
      action: 'edit',
      admin_name: 'Staff head@korlebu.test',
      written_by: 'Staff ama@korlebu.test',
      changes: {
        explanation: { old: question.explanation, new: 'A pulse under 60 is a reason to withhold digoxin.' },
        rationale_b: { old: '', new: 'B is the adult dose.' },
      },
    });
  });

  it('sends mocks no rationale before submission, and the review of a result shows it', async () => {
    const [q] = cat.mockQuestions;
    await t.db
      .updateTable('questions')
      .set({ rationale_b: 'B is the child range.' })
      .where('id', '=', q.id)
      .execute();
    const start = await student.mutate<QuizStart>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    expect(start.text).not.toMatch(/rationale|child range/);
    const submitted = await student.mutate<{ id: number }>('quiz.submit', {
      session_id: start.data.session.id,
      answers: [],
    });
    const review = await student.query<Out['results']['byId']>('results.byId', { id: submitted.data.id });
    const item = review.data.user_answers.find((a) => a.question.question_text === q.question_text);
    const letter = (['A', 'B', 'C', 'D'] as const).find(
      (l) => item?.question[`rationale_${l.toLowerCase()}` as 'rationale_a'],
    );
    expect(letter && item?.question[`option_${letter.toLowerCase()}` as 'option_a']).toBe(q.option_b);
  });

  it('lists a live question three students flagged, with the reason', async () => {
    const { school, author } = await schoolStaff();
    const [q] = cat.practiceQuestions;
    await t.db.updateTable('questions').set({ school_id: school.id }).where('id', '=', q.id).execute();
    for (const n of [1, 2, 3]) {
      const other = n === 1 ? student : await schoolStudent(school.id, `flagger${n}@example.com`);
      const start = await other.mutate<QuizStart>('quiz.start', {
        quiz_type: 'practice',
        quiz_id: cat.practiceSet.id,
      });
      await other.mutate('quiz.setFlag', {
        session_id: start.data.session.id,
        question_id: q.id,
        flagged: true,
      });
      const list = await author.query<Out['questionDrafts']['needsReview']>('questionDrafts.needsReview');
      expect(list.data.map((r) => r.id)).toEqual(n < 3 ? [] : [q.id]);
      if (n === 3) expect(list.data[0].reasons).toEqual(['Flagged by 3 students.']);
    }
  });

  it("makes a tutor's upload drafts submitted for review, while an admin's goes live", async () => {
    const { school, author, reviewer } = await schoolStaff();
    const rows = goodRows(2);
    rows[0].push('RATIONALE_A');
    rows[1].push('');
    rows[2].push('A is the adult range.');
    const upload = (api: typeof author) =>
      api.mutate<{ success: boolean; message: string }>('questions.upload', {
        quiz_type: 'practice',
        program_id: cat.program.id,
        paper_id: cat.paper.id,
        topic_id: cat.topic.id,
        set_id: cat.practiceSet.id,
        file_name: 'tutor.csv',
        file_base64: csvFile(rows).toString('base64'),
      });
    const answer = await upload(author);
    expect(answer.data).toMatchObject({
      success: true,
      message: `2 questions submitted for review into the practice set "${cat.practiceSet.title}": each goes live once another tutor or an admin approves it (Review Questions).`,
    });
    expect(await countRows(t.db, 'questions')).toBe(9);
    const drafts = await t.db
      .selectFrom('question_drafts')
      .select(['status', 'school_id', 'practice_set_id', 'rationale_a'])
      .orderBy('id')
      .execute();
    expect(drafts).toEqual([
      { status: 'submitted', school_id: school.id, practice_set_id: cat.practiceSet.id, rationale_a: null },
      {
        status: 'submitted',
        school_id: school.id,
        practice_set_id: cat.practiceSet.id,
        rationale_a: 'A is the adult range.',
      },
    ]);
    expect((await reviewer.query<Draft[]>('questionDrafts.list', { list: 'to_review' })).data).toHaveLength(
      2,
    );
    expect((await whatStudentsSee()).questions).toHaveLength(4);

    const direct = await upload(admin);
    expect(direct.data.success).toBe(true);
    expect(await countRows(t.db, 'questions')).toBe(11);
  });
});
