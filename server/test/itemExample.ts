// The hand-computed item-analysis example shared by the router test and the browser test
// (docs/reports.md): a six-question mock and ten students' answer sheets.
import type { DB } from '../../db/client';
import { insertMockSet, insertQuestions } from './fixtures';

/**
 * Ten first attempts, best first (scores 5, 4, 4, 3, 3, 3, 3, 2, 2, 2 of 6), so the top 27% group
 * (3 takers) is S1-S3 and the bottom one S8-S10. Q1 everyone gets right; Q2 only S1; Q3 the weak
 * students get right and the strong ones wrong; Q4-Q6 separate the groups fully.
 */
export const ITEM_SHEETS = [
  'ABADAB', // S1: 5
  'AAADAB', // S2: 4
  'AAADAB', // S3: 4
  'AABDAA', // S4: 3
  'AACDBC', // S5: 3
  'AADDCB', // S6: 3
  'AC-AAB', // S7: 3
  'ACCA--', // S8: 2
  'ACCA--', // S9: 2
  'ACCA--', // S10: 2
];

/** The mock the sheets answer: six questions keyed A B C D A B. */
export async function insertAnalysedMock(db: DB, paperId: number) {
  const set = await insertMockSet(db, paperId, 'Analysed Mock');
  const questions = await insertQuestions(db, { mock_exam_set_id: set.id }, 6, 'IA');
  return { set, questionIds: questions.map((q) => q.id) };
}
