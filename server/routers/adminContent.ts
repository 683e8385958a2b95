// Content management procedures of the admin router:
// each item needs an existing parent, names are unique within their parent, and deactivating
// is an update of is_active (nothing is deleted, so results keep their questions). School staff
// see national content and their school's, and change only their school's (services/contentAccess.ts).
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
import {
  findMockSet,
  findPaper,
  findPracticeSet,
  findProgram,
  findTopic,
  type Scope,
} from '../queries/catalog';
import { setExamDaySize } from '../queries/draws';
import { blueprintOf, saveBlueprint } from '../services/blueprints';
import {
  assertMayChange,
  assertMayShapeProgrammes,
  audienceOfScope,
  ownerOfNew,
} from '../services/contentAccess';
import type { StaffScope } from '../services/staffScope';
import { adminProcedure } from '../trpc';

/** Every item the staff account sees, inactive ones included. */
const seenBy = (scope: StaffScope): Scope => ({ activeOnly: false, audience: audienceOfScope(scope) });

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

/** A parent the new item goes under, as the caller sees it; else a field error naming it. */
async function parent<T>(item: Promise<T | null>, field: string, what: string): Promise<T> {
  return (await item) ?? Promise.reject(fieldError(field, `${what} not found.`));
}

/** The item `find` gives if the caller sees it and may change it (404 / 403 otherwise). */
async function changeable<T extends { school_id: number | null }>(
  scope: StaffScope,
  item: Promise<T | null>,
  what: string,
): Promise<T> {
  const row = await found(item, what);
  assertMayChange(scope, row.school_id, `${what} not found`);
  return row;
}

export const adminContentProcedures = {
  createProgram: adminProcedure.input(createProgramInput).mutation(async ({ ctx, input }) => {
    assertMayShapeProgrammes(ctx.scope);
    const school_id = await ownerOfNew(ctx.db, ctx.scope, null, input.school_id);
    if (await q.programNameTaken(ctx.db, input.name)) throw duplicate('name', DUPLICATE.program);
    const id = await unique('name', DUPLICATE.program, () =>
      q.insertProgram(ctx.db, { ...input, school_id }),
    );
    return found(findProgram(ctx.db, id, seenBy(ctx.scope)), 'Program');
  }),

  updateProgram: adminProcedure.input(updateProgramInput).mutation(async ({ ctx, input }) => {
    const { id, exam_day_questions, exam_day_minutes, ...changes } = input;
    await changeable(ctx.scope, findProgram(ctx.db, id, seenBy(ctx.scope)), 'Program');
    assertMayShapeProgrammes(ctx.scope);
    if (changes.name !== undefined && (await q.programNameTaken(ctx.db, changes.name, id)))
      throw duplicate('name', DUPLICATE.program);
    await unique('name', DUPLICATE.program, () => q.updateRow(ctx.db, 'programs', id, q.toPatch(changes)));
    // A new size applies to exam days started from now on; running ones keep theirs.
    await setExamDaySize(ctx.db, id, { exam_day_questions, exam_day_minutes });
    return found(findProgram(ctx.db, id, seenBy(ctx.scope)), 'Program');
  }),

  createPaper: adminProcedure.input(createPaperInput).mutation(async ({ ctx, input }) => {
    const program = await parent(
      findProgram(ctx.db, input.program_id, seenBy(ctx.scope)),
      'program_id',
      'Program',
    );
    // A paper is part of its programme: only the programme's owner adds one.
    assertMayChange(ctx.scope, program.school_id, 'Program not found');
    if (await q.paperNameTaken(ctx.db, input.program_id, input.name))
      throw duplicate('name', DUPLICATE.paper);
    const id = await unique('name', DUPLICATE.paper, () => q.insertPaper(ctx.db, input));
    return found(findPaper(ctx.db, id, seenBy(ctx.scope)), 'Paper');
  }),

  updatePaper: adminProcedure.input(updatePaperInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const paper = await changeable(ctx.scope, findPaper(ctx.db, id, seenBy(ctx.scope)), 'Paper');
    if (changes.name !== undefined && (await q.paperNameTaken(ctx.db, paper.program, changes.name, id)))
      throw duplicate('name', DUPLICATE.paper);
    await unique('name', DUPLICATE.paper, () => q.updateRow(ctx.db, 'papers', id, q.toPatch(changes)));
    return found(findPaper(ctx.db, id, seenBy(ctx.scope)), 'Paper');
  }),

  createTopic: adminProcedure.input(createTopicInput).mutation(async ({ ctx, input }) => {
    const paper = await parent(findPaper(ctx.db, input.paper_id, seenBy(ctx.scope)), 'paper_id', 'Paper');
    assertMayChange(ctx.scope, paper.school_id, 'Paper not found');
    if (await q.topicNameTaken(ctx.db, input.paper_id, input.name)) throw duplicate('name', DUPLICATE.topic);
    const id = await unique('name', DUPLICATE.topic, () => q.insertTopic(ctx.db, input));
    return found(findTopic(ctx.db, id, seenBy(ctx.scope)), 'Topic');
  }),

  updateTopic: adminProcedure.input(updateTopicInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const topic = await changeable(ctx.scope, findTopic(ctx.db, id, seenBy(ctx.scope)), 'Topic');
    if (changes.name !== undefined && (await q.topicNameTaken(ctx.db, topic.paper, changes.name, id)))
      throw duplicate('name', DUPLICATE.topic);
    await unique('name', DUPLICATE.topic, () => q.updateRow(ctx.db, 'topics', id, q.toPatch(changes)));
    return found(findTopic(ctx.db, id, seenBy(ctx.scope)), 'Topic');
  }),

  createPracticeSet: adminProcedure.input(createPracticeSetInput).mutation(async ({ ctx, input }) => {
    // Under a national topic too: the set is the school's own, as are its questions.
    const topic = await parent(findTopic(ctx.db, input.topic_id, seenBy(ctx.scope)), 'topic_id', 'Topic');
    const school_id = await ownerOfNew(ctx.db, ctx.scope, topic.school_id, input.school_id);
    if (await q.practiceSetTitleTaken(ctx.db, input.topic_id, input.title))
      throw duplicate('title', DUPLICATE.practiceSet);
    const id = await unique('title', DUPLICATE.practiceSet, () =>
      q.insertPracticeSet(ctx.db, { ...input, school_id }),
    );
    return found(findPracticeSet(ctx.db, id, seenBy(ctx.scope)), 'Practice set');
  }),

  updatePracticeSet: adminProcedure.input(updatePracticeSetInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const set = await changeable(ctx.scope, findPracticeSet(ctx.db, id, seenBy(ctx.scope)), 'Practice set');
    if (changes.title !== undefined && (await q.practiceSetTitleTaken(ctx.db, set.topic, changes.title, id)))
      throw duplicate('title', DUPLICATE.practiceSet);
    await unique('title', DUPLICATE.practiceSet, () =>
      q.updatePracticeSetRow(ctx.db, id, q.toPatch(changes)),
    );
    return found(findPracticeSet(ctx.db, id, seenBy(ctx.scope)), 'Practice set');
  }),

  createMockExamSet: adminProcedure.input(createMockExamSetInput).mutation(async ({ ctx, input }) => {
    const paper = await parent(findPaper(ctx.db, input.paper_id, seenBy(ctx.scope)), 'paper_id', 'Paper');
    const school_id = await ownerOfNew(ctx.db, ctx.scope, paper.school_id, input.school_id);
    if (await q.mockSetTitleTaken(ctx.db, input.paper_id, input.title))
      throw duplicate('title', DUPLICATE.mockSet);
    const id = await unique('title', DUPLICATE.mockSet, () =>
      q.insertMockSet(ctx.db, { ...input, school_id }),
    );
    return found(findMockSet(ctx.db, id, seenBy(ctx.scope)), 'Mock exam set');
  }),

  updateMockExamSet: adminProcedure.input(updateMockExamSetInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const mock = await changeable(ctx.scope, findMockSet(ctx.db, id, seenBy(ctx.scope)), 'Mock exam set');
    if (changes.title !== undefined && (await q.mockSetTitleTaken(ctx.db, mock.paper, changes.title, id)))
      throw duplicate('title', DUPLICATE.mockSet);
    // A new time limit applies to sessions started from now on; running ones keep their deadline.
    await unique('title', DUPLICATE.mockSet, () => q.updateMockSetRow(ctx.db, id, q.toPatch(changes)));
    return found(findMockSet(ctx.db, id, seenBy(ctx.scope)), 'Mock exam set');
  }),

  /** A mock's blueprint for the editor: its paper's topics with the questions each holds. */
  mockBlueprint: adminProcedure
    .input(mockIdInput)
    .query(async ({ ctx, input }) =>
      blueprintOf(ctx.db, await found(findMockSet(ctx.db, input.id, seenBy(ctx.scope)), 'Mock exam set')),
    ),

  /**
   * Makes a mock drawn or fixed again; answers the mock and warnings (a topic asked for more than
   * it holds). Running attempts keep their questions and deadline.
   */
  setMockBlueprint: adminProcedure.input(mockBlueprintInput).mutation(async ({ ctx, input }) => {
    const mock = await changeable(
      ctx.scope,
      findMockSet(ctx.db, input.id, seenBy(ctx.scope)),
      'Mock exam set',
    );
    const warnings = await saveBlueprint(ctx.db, mock, input);
    return { mock: await found(findMockSet(ctx.db, input.id, seenBy(ctx.scope)), 'Mock exam set'), warnings };
  }),
};
