// The catalogue the students' wizards browse: active items only, national and the student's own
// school's. An unknown, hidden or other school's parent is NOT_FOUND, so a stale link reads "not
// found" rather than an empty list. Every student of a school sees the same catalogue, so answers
// are shared per school until the content changes.
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
  type Scope,
} from '../queries/catalog';
import { audienceKey, audienceOfUser } from '../queries/contentVisibility';
import { bankFigures } from '../services/bankFigures';
import { authedProcedure, publicProcedure, router } from '../trpc';
import type { User } from '../../db/schema';

/** What this user may browse: active items, national and their school's. */
const activeFor = (user: Pick<User, 'school_id'>): Scope => ({ activeOnly: true, audience: audienceOfUser(user) });

/**
 * The answer under `key`, for every reader of the same school, as long as the content tables are
 * unchanged (a miss runs `load`).
 */
const shared = <T>(db: DB, scope: Scope, key: string, load: () => Promise<T>) =>
  readCacheOf(db).get(`${key}@${audienceKey(scope.audience)}`, CONTENT_TABLES, load);

const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });

async function activeProgram(db: DB, id: number, scope: Scope) {
  return (await findProgram(db, id, scope)) ?? Promise.reject(notFound('Program'));
}
async function activePaper(db: DB, id: number, scope: Scope) {
  return (await findPaper(db, id, scope)) ?? Promise.reject(notFound('Paper'));
}
async function activeTopic(db: DB, id: number, scope: Scope) {
  return (await findTopic(db, id, scope)) ?? Promise.reject(notFound('Topic'));
}

export const catalogRouter = router({
  // The landing page's figures, for a visitor not yet signed in (its pre-rendered HTML has them).
  figures: publicProcedure.query(({ ctx }) => bankFigures(ctx.db)),

  programs: authedProcedure.query(({ ctx }) => {
    const scope = activeFor(ctx.user);
    return shared(ctx.db, scope, 'catalog.programs', () => listPrograms(ctx.db, scope));
  }),

  papers: authedProcedure.input(programIdInput).query(({ ctx, input }) => {
    const scope = activeFor(ctx.user);
    return shared(ctx.db, scope, `catalog.papers:${input.programId}`, async () => {
      await activeProgram(ctx.db, input.programId, scope);
      const papers = await listPapers(ctx.db, scope, input.programId);
      return withMockExamCounts(ctx.db, papers, scope.audience);
    });
  }),

  topics: authedProcedure.input(paperIdInput).query(({ ctx, input }) => {
    const scope = activeFor(ctx.user);
    return shared(ctx.db, scope, `catalog.topics:${input.paperId}`, async () => {
      await activePaper(ctx.db, input.paperId, scope);
      return listTopics(ctx.db, scope, input.paperId);
    });
  }),

  practiceSets: authedProcedure.input(topicIdInput).query(({ ctx, input }) => {
    const scope = activeFor(ctx.user);
    return shared(ctx.db, scope, `catalog.practiceSets:${input.topicId}`, async () => {
      await activeTopic(ctx.db, input.topicId, scope);
      return (await listPracticeSets(ctx.db, scope, input.topicId)).map(studentSet);
    });
  }),

  mockExams: authedProcedure.input(paperIdInput).query(({ ctx, input }) => {
    const scope = activeFor(ctx.user);
    return shared(ctx.db, scope, `catalog.mockExams:${input.paperId}`, async () => {
      await activePaper(ctx.db, input.paperId, scope);
      return (await listMockSets(ctx.db, scope, input.paperId)).map(studentSet);
    });
  }),

  /** Breadcrumb names of the wizard steps; each given id must be visible. */
  trail: authedProcedure.input(trailInput).query(async ({ ctx, input }) => {
    const scope = activeFor(ctx.user);
    const [program, paper, topic] = await Promise.all([
      input.programId === undefined ? null : activeProgram(ctx.db, input.programId, scope),
      input.paperId === undefined ? null : activePaper(ctx.db, input.paperId, scope),
      input.topicId === undefined ? null : activeTopic(ctx.db, input.topicId, scope),
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
