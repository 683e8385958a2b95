// admin.reports.classView against a hand-computed example (docs/reports.md): the answers students
// gave in graded practice sessions, per topic, weakest first, narrowed by school and program of
// study. Unfinished sessions, mock answers and an admin's answers do not count.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { answerSheet, takeSet, type SetRef } from '../test/attempts';
import { insertPracticeSet, insertQuestions, insertTopic, makeCatalog, rpc } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useAdmin, useTestServer } from '../test/useTestServer';

type ClassView = inferRouterOutputs<AppRouter>['admin']['reports']['classView'];

const KUMASI = 'Kumasi Nurses and Midwifery Training College';
const TAMALE = 'Tamale Nurses Training College';

let fluids: SetRef;
let vitals: SetRef;
let mock: SetRef;
let topicIds: { fluids: number; vitals: number };
const t = useTestServer();
const admin = useAdmin(t);
beforeEach(async () => {
  const cat = await makeCatalog(t.db);
  const topic = await insertTopic(t.db, cat.paper.id, 'Vital signs');
  const set = await insertPracticeSet(t.db, topic.id, 'Vital signs 1');
  await insertQuestions(t.db, { practice_set_id: set.id }, 4, 'V'); // keys A B C D
  fluids = { quiz_type: 'practice', quiz_id: cat.practiceSet.id }; // keys A B C D
  vitals = { quiz_type: 'practice', quiz_id: set.id };
  mock = { quiz_type: 'mock', quiz_id: cat.mockSet.id };
  topicIds = { fluids: cat.topic.id, vitals: topic.id };
});

const view = async (filter: Record<string, string>) =>
  (await admin.query<ClassView>('admin.reports.classView', filter)).data;

/** Topic rows as [topic, answers, correct, students], in the order shown. */
const figures = (v: ClassView) => v.topics.map((r) => [r.topic_name, r.answers, r.correct, r.students]);

describe('class view', () => {
  it('shows the share correct per topic, weakest first, and narrows by school and program', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access); // Kumasi, General Nursing
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng', school: TAMALE })).access,
    );
    const esi = rpc(
      t,
      (
        await signUpAndIn(t, {
          email: 'esi@example.com',
          full_name: 'Esi Owusu',
          school: `${KUMASI.toUpperCase()} `,
          program_of_study: 'Midwifery',
        })
      ).access,
    );
    await takeSet(ama, fluids, 'ABAA'); // 2 of 4 answers right
    await takeSet(ama, fluids, 'ABCD'); // a retake counts too: 4 of 4
    await takeSet(ama, vitals, 'ABCD'); // 4 of 4
    await takeSet(ama, mock, 'AAAAA'); // a mock's questions have no topic
    await takeSet(kofi, fluids, 'A---'); // 1 of 1 answer given
    await takeSet(kofi, vitals, 'AAAA'); // 1 of 4
    await takeSet(esi, fluids, 'DDDD'); // 1 of 4
    await answerSheet(esi, vitals, 'ABCD'); // not submitted: not counted
    await takeSet(admin, vitals, 'DDDD'); // an admin is not a student

    const all = await view({});
    // Fluid balance: 13 answers, 8 right (61.5%); Vital signs: 8 answers, 5 right (62.5%).
    expect(figures(all)).toEqual([
      ['Fluid balance', 13, 8, 3],
      ['Vital signs', 8, 5, 2],
    ]);
    expect(all.topics[0]).toEqual({
      topic_id: topicIds.fluids,
      topic_name: 'Fluid balance',
      paper_name: 'Paper 1',
      program_name: 'General Nursing',
      answers: 13,
      correct: 8,
      students: 3,
      share_correct: 8 / 13,
    });
    // The filters offer what students gave, one entry per spelling up to case and spaces.
    expect(all.schools).toEqual([KUMASI, TAMALE]);
    expect(all.programs_of_study).toEqual(['General Nursing', 'Midwifery']);

    // Ama and Esi (whose school differs only in case and a space): Vital signs is now the stronger.
    expect(figures(await view({ school: KUMASI.toLowerCase() }))).toEqual([
      ['Fluid balance', 12, 7, 2],
      ['Vital signs', 4, 4, 1],
    ]);
    expect(figures(await view({ program_of_study: 'Midwifery' }))).toEqual([['Fluid balance', 4, 1, 1]]);
    expect(figures(await view({ school: TAMALE, program_of_study: 'General Nursing' }))).toEqual([
      ['Vital signs', 4, 1, 1],
      ['Fluid balance', 1, 1, 1],
    ]);
    expect(figures(await view({ school: TAMALE, program_of_study: 'Midwifery' }))).toEqual([]);
    // A blank select means every school.
    expect(figures(await view({ school: '', program_of_study: '' }))).toEqual(figures(all));
  });

  it('refuses a student, and answers bad input with a clear message', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const refused = await ama.query('admin.reports.classView', {});
    expect(refused.status).toBe(403);
    expect(refused.error?.data.code).toBe('FORBIDDEN');
    const bad = await admin.query('admin.reports.classView', {
      school: 'x'.repeat(201),
      program_of_study: 7,
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.data.fieldErrors).toEqual({
      school: ['Ensure this field has no more than 200 characters.'],
      program_of_study: ['Must be text.'],
    });
    expect(bad.error?.message).toBe('Ensure this field has no more than 200 characters.');
  });
});
