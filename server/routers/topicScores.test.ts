// Scores by topic from every kind of session: a mock whose questions are tagged with topics (one
// left untagged; test/taggedMock.ts), and the mistakes session built from its result. The result
// and its review, mastery with its weakest topics, and the class view all count those answers
// under each question's own topic, checked against the figures worked out by hand below.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { takeSet } from '../test/attempts';
import { rpc } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { makeTaggedCatalog, MOCK_SHEET } from '../test/taggedMock';
import { useAdmin, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Api = ReturnType<typeof rpc>;

const t = useTestServer();
const admin = useAdmin(t);
let cat: Awaited<ReturnType<typeof makeTaggedCatalog>>;

beforeEach(async () => {
  cat = await makeTaggedCatalog(t.db);
});

async function student(email: string, full_name: string): Promise<Api> {
  return rpc(t, (await signUpAndIn(t, { email, full_name })).access);
}

const score = (topic: { id: number; name: string } | null, correct: number, asked: number) => ({
  topic_id: topic?.id ?? null,
  topic_name: topic?.name ?? 'Untagged',
  correct,
  asked,
  percentage: Math.round((correct / asked) * 100),
});

/**
 * Ama's mock MOCK_SHEET, "AAAAAB" (keys ABCDAB): M1 right, M2 wrong (Fluid balance 1 of 2), M3
 * and M4 wrong, M5 right (Wound care 1 of 3), M6 right (untagged, 1 of 1). Then "Practise my mistakes" on it:
 * M2 "B" right, M3 "C" right, M4 "A" wrong.
 */
async function amasMockAndMistakes(ama: Api) {
  const mock = await takeSet(ama, cat.mock, MOCK_SHEET);
  const start = await ama.mutate<Out['quiz']['start']>('quiz.startMistakesPractice', { result_id: mock.id });
  expect(start.data.questions.map((q) => q.id)).toEqual([1, 2, 3].map((i) => cat.mockQuestions[i].id));
  for (const [i, letter] of ['B', 'C', 'A'].entries()) {
    await ama.mutate('quiz.saveAnswer', {
      session_id: start.data.session.id,
      question_id: start.data.questions[i].id,
      selected_answer: letter,
    });
  }
  const mistakes = await ama.mutate<Out['quiz']['submit']>('quiz.submit', {
    session_id: start.data.session.id,
  });
  return { mock, mistakes: mistakes.data };
}

describe('score per topic of a result', () => {
  it('shows a tagged mock and its mistakes session per topic, weakest first, to the owner only', async () => {
    const ama = await student('ama@example.com', 'Ama Mensah');
    const kofi = await student('kofi@example.com', 'Kofi Boateng');
    const { mock, mistakes } = await amasMockAndMistakes(ama);

    const detail = await ama.query<Out['results']['byId']>('results.byId', { id: mock.id });
    expect(detail.status).toBe(200);
    expect(detail.data.by_topic).toEqual([score(cat.wound, 1, 3), score(cat.fluid, 1, 2), score(null, 1, 1)]);
    expect(detail.data.correct_answers).toBe(3);
    // Each reviewed question names the topic of the version shown.
    expect(detail.data.user_answers.map((a) => [a.question.id, a.topic_name, a.is_correct])).toEqual([
      [cat.mockQuestions[0].id, 'Fluid balance', true],
      [cat.mockQuestions[1].id, 'Fluid balance', false],
      [cat.mockQuestions[2].id, 'Wound care', false],
      [cat.mockQuestions[3].id, 'Wound care', false],
      [cat.mockQuestions[4].id, 'Wound care', true],
      [cat.mockQuestions[5].id, null, true],
    ]);

    // The spec's REST path answers the same object with the field added.
    const rest = await t.api<Out['results']['byId']>('GET', `/api/exams/results/${mock.id}/`, {
      token: ama.token,
    });
    expect(rest.status).toBe(200);
    expect(rest.body.by_topic).toEqual(detail.data.by_topic);

    // A session built from the mock's misses: its questions keep their topics.
    const again = await ama.query<Out['results']['byId']>('results.byId', { id: mistakes.id });
    expect(again.data.by_topic).toEqual([score(cat.wound, 1, 2), score(cat.fluid, 1, 1)]);

    // Another student gets "not found" for both results, on both paths, and no topic figure.
    for (const id of [mock.id, mistakes.id]) {
      const theirs = await kofi.query('results.byId', { id });
      expect(theirs.status).toBe(404);
      expect(theirs.text).not.toContain('Wound care');
      const viaRest = await t.api('GET', `/api/exams/results/${id}/`, { token: kofi.token });
      expect(viaRest.status).toBe(404);
      expect(viaRest.body).toEqual({ detail: 'Result not found' });
    }
  });
});

describe('answers of mocks counted by topic', () => {
  it('mastery and weakest topics count mock and mistakes answers under the question topic', async () => {
    const ama = await student('ama@example.com', 'Ama Mensah');
    const kofi = await student('kofi@example.com', 'Kofi Boateng');
    await amasMockAndMistakes(ama);
    await takeSet(ama, cat.woundSet, 'ABCD'); // 4 of 4
    await takeSet(kofi, cat.fluidSet, 'DDDD'); // 1 of 4: Kofi's, never in Ama's figures

    const mine = await ama.query<Out['mastery']['overview']>('mastery.overview');
    expect(mine.status).toBe(200);
    // Fluid balance: mock 1 of 2, mistakes 1 of 1 = 2 of 3, 2 seen, of 4 practice + 2 mock questions.
    // Wound care: mock 1 of 3, mistakes 1 of 2, practice 4 of 4 = 6 of 9, 7 seen, of 4 + 3.
    // Paper 1: those and the untagged M6 (1 of 1): 9 of 13, 10 seen.
    const topic = (t: { id: number; name: string }, a: number, c: number, seen: number, total: number) => ({
      id: t.id,
      name: t.name,
      answers: a,
      correct: c,
      seen,
      percentage: Math.round((c / a) * 100),
      total_questions: total,
    });
    const fluid = topic(cat.fluid, 3, 2, 2, 6);
    const wound = topic(cat.wound, 9, 6, 7, 7);
    expect(mine.data.programs).toHaveLength(1);
    expect(mine.data.programs[0]).toMatchObject({ answers: 13, correct: 9, seen: 10, percentage: 69 });
    expect(mine.data.programs[0].papers).toEqual([
      {
        id: cat.paper.id,
        name: 'Paper 1',
        answers: 13,
        correct: 9,
        seen: 10,
        percentage: 69,
        topics: [fluid, wound],
      },
    ]);
    // Fluid balance has 3 answers, under the 5 a weak topic needs.
    expect(mine.data.weakest).toEqual([{ ...wound, paper_name: 'Paper 1', program_name: 'General Nursing' }]);

    const his = await kofi.query<Out['mastery']['overview']>('mastery.overview');
    expect(his.data.programs[0].papers[0].topics.map((x) => [x.name, x.answers, x.correct])).toEqual([
      ['Fluid balance', 4, 1],
    ]);
    expect(his.data.programs[0]).toMatchObject({ answers: 4, correct: 1 });
  });

  it('the class view counts mock answers under each question topic, untagged ones nowhere', async () => {
    const ama = await student('ama@example.com', 'Ama Mensah');
    const kofi = await student('kofi@example.com', 'Kofi Boateng');
    await takeSet(ama, cat.mock, MOCK_SHEET); // Fluid 1 of 2, Wound 1 of 3, M6 untagged
    await takeSet(kofi, cat.mock, 'ABCDA-'); // Fluid 2 of 2, Wound 3 of 3, M6 left blank
    await takeSet(kofi, cat.fluidSet, 'ABCD'); // Fluid 4 of 4

    const view = await admin.query<Out['admin']['reports']['classView']>('admin.reports.classView', {});
    expect(view.status).toBe(200);
    // Wound care 4 of 6 (67%) is weaker than Fluid balance 7 of 8 (88%).
    expect(view.data.topics.map((r) => [r.topic_id, r.topic_name, r.answers, r.correct, r.students])).toEqual(
      [
        [cat.wound.id, 'Wound care', 6, 4, 2],
        [cat.fluid.id, 'Fluid balance', 8, 7, 2],
      ],
    );
  });
});
