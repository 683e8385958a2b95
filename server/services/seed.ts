// The sample question bank: db/seed/catalog.json describes programs -> papers -> topics and
// which CSV file becomes which practice or mock exam set; every file goes through the same
// import service as an admin upload, so the seed obeys the same rules (a mock file may carry the
// optional topic column, naming topics of its paper). A topic may have no practice set: it is
// there for the mock questions tagged with it.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import { MAX_DRAW } from '../../shared/schemas/admin';
import { insertMockSet, insertPaper, insertProgram, insertTopic } from '../queries/adminContent';
import { writeBlueprint } from '../queries/draws';
import { deletePrograms, hasPrograms, setMockDescription } from '../queries/seedCatalog';
import { importQuestions } from './import/importQuestions';
import { PROJECT_ROOT } from '../paths';

export const SEED_DIR = path.join(PROJECT_ROOT, 'db/seed');

const setFile = z.object({ title: z.string().min(1), file: z.string().min(1) });
/** A fixed mock loads its file; a drawn one (`draw_count`, no file) spreads over its paper's topics. */
const mockEntry = z
  .object({
    title: z.string().min(1),
    description: z.string(),
    time_limit_minutes: z.number().int().min(1).max(600),
    file: z.string().min(1).optional(),
    draw_count: z.number().int().min(1).max(MAX_DRAW).optional(),
  })
  .refine((m) => (m.file === undefined) !== (m.draw_count === undefined), {
    message: 'A mock exam has either a file or a draw_count, not both.',
  });
const catalogSchema = z.object({
  programs: z.array(
    z.object({
      name: z.string().min(1),
      description: z.string(),
      papers: z.array(
        z.object({
          name: z.string().min(1),
          description: z.string(),
          topics: z.array(
            z.object({
              name: z.string().min(1),
              description: z.string(),
              practice_sets: z.array(setFile).default([]),
            }),
          ),
          mock_exams: z.array(mockEntry),
        }),
      ),
    }),
  ),
});
export type SeedCatalog = z.infer<typeof catalogSchema>;

export function readCatalog(dir = SEED_DIR): SeedCatalog {
  return catalogSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'catalog.json'), 'utf8')));
}

export interface SeedSummary {
  programs: number;
  sets: number;
  questions: number;
  warnings: string[];
}

async function loadFile(
  db: DB,
  dir: string,
  target: { quiz_type: 'practice' | 'mock'; program_id: number; paper_id: number; topic_id?: number },
  set: { title: string; file: string; time_limit_minutes?: number },
) {
  const answer = await importQuestions(db, {
    ...target,
    file_name: path.basename(set.file),
    bytes: fs.readFileSync(path.join(dir, set.file)),
    title: set.title,
    time_limit_minutes: set.time_limit_minutes,
  });
  if (!answer.success || !answer.set) {
    const rows = (answer.row_errors ?? []).map((e) => `row ${e.row} ${e.column}: ${e.reason}`).join('; ');
    throw new Error(`Seed file ${set.file} failed: ${answer.error}${rows ? ` (${rows})` : ''}`);
  }
  return answer;
}

/** A drawn mock of the sample bank: its count spread over the paper's topics as the bank is. */
async function insertDrawnMock(
  db: DB,
  paperId: number,
  mock: { title: string; description: string; time_limit_minutes: number; draw_count: number },
) {
  const id = await insertMockSet(db, { paper_id: paperId, ...mock });
  await writeBlueprint(db, id, {
    draw_count: mock.draw_count,
    time_limit_minutes: mock.time_limit_minutes,
    topics: [],
  });
}

const SEED_LOCK = 'seed';

/** Loads the whole sample bank; on any failure removes what it created and rethrows. */
export async function seedAll(db: DB, dir = SEED_DIR): Promise<SeedSummary> {
  const catalog = readCatalog(dir);
  const created: number[] = [];
  const summary: SeedSummary = { programs: 0, sets: 0, questions: 0, warnings: [] };
  try {
    for (const program of catalog.programs) {
      const programId = await insertProgram(db, { name: program.name, description: program.description });
      created.push(programId);
      summary.programs++;
      for (const paper of program.papers) {
        const paperId = await insertPaper(db, {
          program_id: programId,
          name: paper.name,
          description: paper.description,
        });
        const loaded = [];
        for (const topic of paper.topics) {
          const topicId = await insertTopic(db, {
            paper_id: paperId,
            name: topic.name,
            description: topic.description,
          });
          for (const set of topic.practice_sets) {
            const target = {
              quiz_type: 'practice' as const,
              program_id: programId,
              paper_id: paperId,
              topic_id: topicId,
            };
            loaded.push(await loadFile(db, dir, target, set));
          }
        }
        for (const mock of paper.mock_exams) {
          if (mock.file === undefined) {
            await insertDrawnMock(db, paperId, { ...mock, draw_count: mock.draw_count ?? 0 });
            summary.sets++;
            continue;
          }
          const answer = await loadFile(
            db,
            dir,
            { quiz_type: 'mock', program_id: programId, paper_id: paperId },
            { ...mock, file: mock.file },
          );
          await setMockDescription(db, answer.set?.id ?? 0, mock.description);
          loaded.push(answer);
        }
        for (const answer of loaded) {
          summary.sets++;
          summary.questions += answer.set?.total_questions ?? 0;
          summary.warnings.push(...answer.warnings.map((w) => `${answer.set?.title}: ${w}`));
        }
      }
    }
  } catch (err) {
    // In a transaction (seedIfEmpty) the rollback removes it all.
    if (!db.isTransaction) await deletePrograms(db, created);
    throw err;
  }
  return summary;
}

/**
 * On a database without programs, loads the sample bank; returns the questions loaded (0 if none).
 * The check and the load share one serialized transaction: two processes starting at once on a new
 * database load it once.
 */
export async function seedIfEmpty(db: DB): Promise<number> {
  if (await hasPrograms(db)) return 0;
  return serialized(db, [SEED_LOCK], async (trx) =>
    (await hasPrograms(trx)) ? 0 : (await seedAll(trx)).questions,
  );
}
