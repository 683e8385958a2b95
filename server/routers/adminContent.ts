// Content management procedures of the admin router:
// each item needs an existing parent, names are unique within their parent, and deactivating
// is an update of is_active (nothing is deleted, so results keep their questions).
import { TRPCError } from '@trpc/server';
import {
  createMockExamSetInput,
  createPaperInput,
  createPracticeSetInput,
  createProgramInput,
  createTopicInput,
  mockBlueprintInput,
  mockIdInput,
  updateMockExamSetInput,
  updatePaperInput,
  updatePracticeSetInput,
  updateProgramInput,
  updateTopicInput,
} from '../../shared/schemas/admin';
import { fieldError } from '../errors';
import * as q from '../queries/adminContent';
import { findMockSet, findPaper, findPracticeSet, findProgram, findTopic } from '../queries/catalog';
import { setExamDaySize } from '../queries/draws';
import { blueprintOf, saveBlueprint } from '../services/blueprints';
import { adminProcedure } from '../trpc';

const ALL = { activeOnly: false };

const DUPLICATE = {
  program: 'A program with this name already exists.',
  paper: 'A paper with this name already exists in this program.',
  topic: 'A topic with this name already exists in this paper.',
  practiceSet: 'A practice set with this title already exists in this topic.',
  mockSet: 'A mock exam set with this title already exists in this paper.',
};

const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
const duplicate = (field: string, message: string) => fieldError(field, message, 'CONFLICT');

/** The pre-check answers nearly always; the unique index catches a duplicate racing past it. */
async function unique<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (q.isUniqueViolation(err)) throw duplicate(field, message);
    throw err;
  }
}

async function found<T>(item: Promise<T | null>, what: string): Promise<T> {
  return (await item) ?? Promise.reject(notFound(what));
}

export const adminContentProcedures = {
  createProgram: adminProcedure.input(createProgramInput).mutation(async ({ ctx, input }) => {
    if (await q.programNameTaken(ctx.db, input.name)) throw duplicate('name', DUPLICATE.program);
    const id = await unique('name', DUPLICATE.program, () => q.insertProgram(ctx.db, input));
    return found(findProgram(ctx.db, id, ALL), 'Program');
  }),

  updateProgram: adminProcedure.input(updateProgramInput).mutation(async ({ ctx, input }) => {
    const { id, exam_day_questions, exam_day_minutes, ...changes } = input;
    if (!(await q.exists(ctx.db, 'programs', id))) throw notFound('Program');
    if (changes.name !== undefined && (await q.programNameTaken(ctx.db, changes.name, id)))
      throw duplicate('name', DUPLICATE.program);
    await unique('name', DUPLICATE.program, () => q.updateRow(ctx.db, 'programs', id, q.toPatch(changes)));
    // A new size applies to exam days started from now on; running ones keep theirs.
    await setExamDaySize(ctx.db, id, { exam_day_questions, exam_day_minutes });
    return found(findProgram(ctx.db, id, ALL), 'Program');
  }),

  createPaper: adminProcedure.input(createPaperInput).mutation(async ({ ctx, input }) => {
    if (!(await q.exists(ctx.db, 'programs', input.program_id)))
      throw fieldError('program_id', 'Program not found.');
    if (await q.paperNameTaken(ctx.db, input.program_id, input.name))
      throw duplicate('name', DUPLICATE.paper);
    const id = await unique('name', DUPLICATE.paper, () => q.insertPaper(ctx.db, input));
    return found(findPaper(ctx.db, id, ALL), 'Paper');
  }),

  updatePaper: adminProcedure.input(updatePaperInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const row = await q.parentOf(ctx.db, 'papers', id);
    if (!row) throw notFound('Paper');
    if (changes.name !== undefined && (await q.paperNameTaken(ctx.db, row.parent_id, changes.name, id)))
      throw duplicate('name', DUPLICATE.paper);
    await unique('name', DUPLICATE.paper, () => q.updateRow(ctx.db, 'papers', id, q.toPatch(changes)));
    return found(findPaper(ctx.db, id, ALL), 'Paper');
  }),

  createTopic: adminProcedure.input(createTopicInput).mutation(async ({ ctx, input }) => {
    if (!(await q.exists(ctx.db, 'papers', input.paper_id))) throw fieldError('paper_id', 'Paper not found.');
    if (await q.topicNameTaken(ctx.db, input.paper_id, input.name)) throw duplicate('name', DUPLICATE.topic);
    const id = await unique('name', DUPLICATE.topic, () => q.insertTopic(ctx.db, input));
    return found(findTopic(ctx.db, id, ALL), 'Topic');
  }),

  updateTopic: adminProcedure.input(updateTopicInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const row = await q.parentOf(ctx.db, 'topics', id);
    if (!row) throw notFound('Topic');
    if (changes.name !== undefined && (await q.topicNameTaken(ctx.db, row.parent_id, changes.name, id)))
      throw duplicate('name', DUPLICATE.topic);
    await unique('name', DUPLICATE.topic, () => q.updateRow(ctx.db, 'topics', id, q.toPatch(changes)));
    return found(findTopic(ctx.db, id, ALL), 'Topic');
  }),

  createPracticeSet: adminProcedure.input(createPracticeSetInput).mutation(async ({ ctx, input }) => {
    if (!(await q.exists(ctx.db, 'topics', input.topic_id))) throw fieldError('topic_id', 'Topic not found.');
    if (await q.practiceSetTitleTaken(ctx.db, input.topic_id, input.title))
      throw duplicate('title', DUPLICATE.practiceSet);
    const id = await unique('title', DUPLICATE.practiceSet, () => q.insertPracticeSet(ctx.db, input));
    return found(findPracticeSet(ctx.db, id, ALL), 'Practice set');
  }),

  updatePracticeSet: adminProcedure.input(updatePracticeSetInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const row = await q.parentOf(ctx.db, 'practice_sets', id);
    if (!row) throw notFound('Practice set');
    if (
      changes.title !== undefined &&
      (await q.practiceSetTitleTaken(ctx.db, row.parent_id, changes.title, id))
    )
      throw duplicate('title', DUPLICATE.practiceSet);
    await unique('title', DUPLICATE.practiceSet, () =>
      q.updatePracticeSetRow(ctx.db, id, q.toPatch(changes)),
    );
    return found(findPracticeSet(ctx.db, id, ALL), 'Practice set');
  }),

  createMockExamSet: adminProcedure.input(createMockExamSetInput).mutation(async ({ ctx, input }) => {
    if (!(await q.exists(ctx.db, 'papers', input.paper_id))) throw fieldError('paper_id', 'Paper not found.');
    if (await q.mockSetTitleTaken(ctx.db, input.paper_id, input.title))
      throw duplicate('title', DUPLICATE.mockSet);
    const id = await unique('title', DUPLICATE.mockSet, () => q.insertMockSet(ctx.db, input));
    return found(findMockSet(ctx.db, id, ALL), 'Mock exam set');
  }),

  updateMockExamSet: adminProcedure.input(updateMockExamSetInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const row = await q.parentOf(ctx.db, 'mock_exam_sets', id);
    if (!row) throw notFound('Mock exam set');
    if (changes.title !== undefined && (await q.mockSetTitleTaken(ctx.db, row.parent_id, changes.title, id)))
      throw duplicate('title', DUPLICATE.mockSet);
    // A new time limit applies to sessions started from now on; running ones keep their deadline.
    await unique('title', DUPLICATE.mockSet, () => q.updateMockSetRow(ctx.db, id, q.toPatch(changes)));
    return found(findMockSet(ctx.db, id, ALL), 'Mock exam set');
  }),

  /** A mock's blueprint for the editor: its paper's topics with the questions each holds. */
  mockBlueprint: adminProcedure
    .input(mockIdInput)
    .query(async ({ ctx, input }) =>
      blueprintOf(ctx.db, await found(findMockSet(ctx.db, input.id, ALL), 'Mock exam set')),
    ),

  /**
   * Makes a mock drawn or fixed again; answers the mock and warnings (a topic asked for more than
   * it holds). Running attempts keep their questions and deadline.
   */
  setMockBlueprint: adminProcedure.input(mockBlueprintInput).mutation(async ({ ctx, input }) => {
    const mock = await found(findMockSet(ctx.db, input.id, ALL), 'Mock exam set');
    const warnings = await saveBlueprint(ctx.db, mock, input);
    return { mock: await found(findMockSet(ctx.db, input.id, ALL), 'Mock exam set'), warnings };
  }),
};
