// A catalogue whose mock questions carry topics, shared by the server and browser tests of the
// score per topic: Paper 1 > Fluid balance (practice set, 4 questions) and Wound care (practice
// set, 4), and a 6-question mock keyed A B C D A B with M1-M2 tagged Fluid balance, M3-M5 Wound
// care and M6 left untagged.
import type { DB } from '../../db/client';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  tagQuestions,
} from './fixtures';

export async function makeTaggedCatalog(db: DB) {
  const program = await insertProgram(db);
  const paper = await insertPaper(db, program.id);
  const fluid = await insertTopic(db, paper.id, 'Fluid balance');
  const wound = await insertTopic(db, paper.id, 'Wound care');
  const fluidSet = await insertPracticeSet(db, fluid.id, 'Fluids 1');
  const woundSet = await insertPracticeSet(db, wound.id, 'Wounds 1');
  await insertQuestions(db, { practice_set_id: fluidSet.id }, 4, 'F');
  await insertQuestions(db, { practice_set_id: woundSet.id }, 4, 'W');
  const mockSet = await insertMockSet(db, paper.id, 'Tagged Mock');
  const mock = await insertQuestions(db, { mock_exam_set_id: mockSet.id }, 6, 'M');
  await tagQuestions(db, [mock[0].id, mock[1].id], fluid.id);
  await tagQuestions(db, [mock[2].id, mock[3].id, mock[4].id], wound.id);
  return {
    paper,
    fluid,
    wound,
    fluidSet: { quiz_type: 'practice' as const, quiz_id: fluidSet.id },
    woundSet: { quiz_type: 'practice' as const, quiz_id: woundSet.id },
    mock: { quiz_type: 'mock' as const, quiz_id: mockSet.id },
    mockQuestions: mock,
  };
}

/** Fluid balance 1 of 2 (M1 right), Wound care 1 of 3 (M5 right), the untagged M6 right. */
export const MOCK_SHEET = 'AAAAAB';
