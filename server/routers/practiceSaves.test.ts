// A practice answer is saved when it is chosen, before it is checked: the server takes it, takes
// a changed choice in its place, gives it back on resume and grades it on submit, with no sheet
// in the submit. A bad letter is refused with a clear message and changes nothing.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;

const t = useTestServer();
const cat = useCatalog(t);
const api = useStudent(t);

const saved = () =>
  t.db
    .selectFrom('session_answers')
    .select(['question_id', 'selected_answer'])
    .orderBy('question_id')
    .execute();
const save = (session_id: number, question_id: number, selected_answer: string) =>
  api.mutate('quiz.saveAnswer', { session_id, question_id, selected_answer });

describe('practice answers saved as they are chosen', () => {
  it('keeps the latest choice, resumes with it and grades it without a sheet in the submit', async () => {
    const start = await api.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    const session = start.data.session.id;
    const [first, second] = cat.practiceQuestions; // keys A and B
    expect((await save(session, first.id, 'C')).status).toBe(200);
    expect((await save(session, first.id, 'A')).status).toBe(200);
    expect((await save(session, second.id, 'B')).status).toBe(200);
    expect(await saved()).toEqual([
      { question_id: first.id, selected_answer: 'A' },
      { question_id: second.id, selected_answer: 'B' },
    ]);

    const refused = await save(session, second.id, 'E');
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors?.selected_answer).toEqual(['Choose A, B, C or D.']);
    expect(refused.text).not.toContain('    at ');
    expect(await saved()).toHaveLength(2);

    const resumed = await api.query<Out['quiz']['resume']>('quiz.resume', { session_id: session });
    expect(resumed.data.saved_answers).toEqual([
      { question_id: first.id, selected_answer: 'A' },
      { question_id: second.id, selected_answer: 'B' },
    ]);

    const submitted = await api.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: session,
      answers: [],
      time_spent_minutes: 1,
    });
    expect(submitted.data.correct_answers).toBe(2);
    const detail = await api.query<Out['results']['byId']>('results.byId', { id: submitted.data.id });
    expect(detail.data.user_answers.map((a) => a.selected_answer)).toEqual(['A', 'B', null, null]);
  });
});
