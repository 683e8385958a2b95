// The catalogue the students' wizards browse: active items only. An unknown
// or hidden parent is NOT_FOUND, so a stale link reads "not found" rather than an empty list.
// Every student sees the same catalogue, so answers are shared until the content changes.
import { TRPCError } from '@trpc/server';
import { paperIdInput, programIdInput, topicIdInput, trailInput } from '../../shared/schemas/catalog';
import { readCacheOf, type DB } from '../../db/client';
import {
  CONTENT_TABLES,
  findPaper,
  findProgram,
  findTopic,
  listMockSets,
  listPapers,
  listPracticeSets,
  studentSet,
  listPrograms,
  listTopics,
  withMockExamCounts,
} from '../queries/catalog';
import { bankFigures } from '../services/bankFigures';
import { authedProcedure, publicProcedure, router } from '../trpc';

const ACTIVE = { activeOnly: true };

/** The answer under `key` as long as the content tables are unchanged (a miss runs `load`). */
const shared = <T>(db: DB, key: string, load: () => Promise<T>) =>
  readCacheOf(db).get(key, CONTENT_TABLES, load);

const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });

async function activeProgram(db: DB, id: number) {
  return (await findProgram(db, id, ACTIVE)) ?? Promise.reject(notFound('Program'));
}
async function activePaper(db: DB, id: number) {
  return (await findPaper(db, id, ACTIVE)) ?? Promise.reject(notFound('Paper'));
}
async function activeTopic(db: DB, id: number) {
  return (await findTopic(db, id, ACTIVE)) ?? Promise.reject(notFound('Topic'));
}

export const catalogRouter = router({
  // The landing page's figures, for a visitor not yet signed in (its pre-rendered HTML has them).
  figures: publicProcedure.query(({ ctx }) => bankFigures(ctx.db)),

  programs: authedProcedure.query(({ ctx }) =>
    shared(ctx.db, 'catalog.programs', () => listPrograms(ctx.db, ACTIVE)),
  ),

  papers: authedProcedure.input(programIdInput).query(({ ctx, input }) =>
    shared(ctx.db, `catalog.papers:${input.programId}`, async () => {
      await activeProgram(ctx.db, input.programId);
      return withMockExamCounts(ctx.db, await listPapers(ctx.db, ACTIVE, input.programId));
    }),
  ),

  topics: authedProcedure.input(paperIdInput).query(({ ctx, input }) =>
    shared(ctx.db, `catalog.topics:${input.paperId}`, async () => {
      await activePaper(ctx.db, input.paperId);
      return listTopics(ctx.db, ACTIVE, input.paperId);
    }),
  ),

  practiceSets: authedProcedure.input(topicIdInput).query(({ ctx, input }) =>
    shared(ctx.db, `catalog.practiceSets:${input.topicId}`, async () => {
      await activeTopic(ctx.db, input.topicId);
      return (await listPracticeSets(ctx.db, ACTIVE, input.topicId)).map(studentSet);
    }),
  ),

  mockExams: authedProcedure.input(paperIdInput).query(({ ctx, input }) =>
    shared(ctx.db, `catalog.mockExams:${input.paperId}`, async () => {
      await activePaper(ctx.db, input.paperId);
      return (await listMockSets(ctx.db, ACTIVE, input.paperId)).map(studentSet);
    }),
  ),

  /** Breadcrumb names of the wizard steps; each given id must be visible. */
  trail: authedProcedure.input(trailInput).query(async ({ ctx, input }) => {
    const [program, paper, topic] = await Promise.all([
      input.programId === undefined ? null : activeProgram(ctx.db, input.programId),
      input.paperId === undefined ? null : activePaper(ctx.db, input.paperId),
      input.topicId === undefined ? null : activeTopic(ctx.db, input.topicId),
    ]);
    // A paper under another program (or a topic under another paper) is a broken link.
    if (program && paper && paper.program !== program.id) throw notFound('Paper');
    if (paper && topic && topic.paper !== paper.id) throw notFound('Topic');
    return {
      program: program && { id: program.id, name: program.name },
      paper: paper && { id: paper.id, name: paper.name },
      topic: topic && { id: topic.id, name: topic.name },
    };
  }),
});
