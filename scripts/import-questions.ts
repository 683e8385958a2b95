// npm run import-questions -- --file F --type practice|mock --program ID|name --paper ID|name
//   [--topic ID|name] [--set ID] [--title T] [--time-limit N] [--school ID|name] [--dry-run]
// Imports a question file through the same service as the admin upload: a progress bar while it
// works, then a summary (the set created, or every failing row). Exits 1 on any failure. The file
// may carry the upload's optional topic column (a topic of --paper, by name in any case). A new
// set is national unless --school names the school it is for.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { DB } from '../db/client';
import type { QuizType } from '../db/schema';
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import { findPaperId, findProgramId, findTopicId } from '../server/queries/questionImport';
import { findSchool } from '../server/queries/schools';
import { schoolIdForName } from '../server/services/schools';
import type { UploadAnswer } from '../server/services/import/answer';
import { importQuestions, type ImportStage } from '../server/services/import/importQuestions';

const USAGE =
  'Usage: npm run import-questions -- --file questions.xlsx --type practice|mock --program ID|name --paper ID|name [--topic ID|name] [--set ID] [--title T] [--time-limit N] [--school ID|name] [--dry-run]';

const STAGE_LABEL: Record<ImportStage, string> = {
  check: 'Checking request ',
  parse: 'Reading file     ',
  validate: 'Checking rows    ',
  write: 'Checking, saving ',
};

class UsageError extends Error {}

function readArgs() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      type: { type: 'string' },
      program: { type: 'string' },
      paper: { type: 'string' },
      topic: { type: 'string' },
      title: { type: 'string' },
      // Append to this set (its id) instead of creating a new one.
      set: { type: 'string' },
      'time-limit': { type: 'string' },
      // The school a new set is for (its id or name); left out: national content.
      school: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!values.file || !values.type || !values.program || !values.paper) throw new UsageError(USAGE);
  const type: QuizType | null = values.type === 'practice' || values.type === 'mock' ? values.type : null;
  if (!type) throw new UsageError('--type must be practice or mock.');
  if (type === 'practice' && !values.topic) throw new UsageError('A practice set needs --topic.');
  return { ...values, file: values.file, type, program: values.program, paper: values.paper };
}

type Args = ReturnType<typeof readArgs>;

async function resolvePlacement(db: DB, args: Args) {
  const programId = await findProgramId(db, args.program);
  if (programId === null) throw new UsageError(`No program "${args.program}".`);
  const paperId = await findPaperId(db, programId, args.paper);
  if (paperId === null) throw new UsageError(`No paper "${args.paper}" in program "${args.program}".`);
  if (args.type === 'mock') return { programId, paperId, topicId: null };
  const topicId = await findTopicId(db, paperId, args.topic ?? '');
  if (topicId === null) throw new UsageError(`No topic "${args.topic}" in paper "${args.paper}".`);
  return { programId, paperId, topicId };
}

/** The school --school names, by id or by name (any case or punctuation); undefined: national. */
async function resolveSchool(db: DB, ref: string | undefined): Promise<number | undefined> {
  if (ref === undefined) return undefined;
  const id = /^\d+$/.test(ref.trim())
    ? ((await findSchool(db, Number(ref)))?.id ?? null)
    : await schoolIdForName(db, ref);
  if (id === null) throw new UsageError(`No school "${ref}".`);
  return id;
}

function printSummary(answer: UploadAnswer) {
  const out = answer.success ? console.log : console.error;
  out(answer.success ? `OK: ${answer.message}` : `FAILED: ${answer.error}`);
  if (answer.set)
    out(
      `  ${answer.set.type} set #${answer.set.id} "${answer.set.title}": ${answer.set.total_questions} questions`,
    );
  for (const e of answer.row_errors ?? []) out(`  row ${e.row}, ${e.column}: ${e.reason}`);
  const hidden = (answer.row_error_count ?? 0) - (answer.row_errors?.length ?? 0);
  if (hidden > 0) out(`  ... and ${hidden} more problems`);
  if (answer.warnings.length) {
    out(`${answer.warning_count ?? answer.warnings.length} warning(s):`);
    for (const w of answer.warnings) out(`  ${w}`);
    if (answer.warning_count) out(`  (the first ${answer.warnings.length} are listed)`);
  }
  if (!answer.success) out(`\n${answer.required_format.map((r) => `- ${r}`).join('\n')}\n${answer.help}`);
}

async function main(): Promise<number> {
  const args = readArgs();
  const bytes = fs.readFileSync(args.file);
  const db = await openDatabase(loadEnv());
  const bar = new cliProgress.SingleBar(
    { format: '{stage} |{bar}| {value}/{total}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  try {
    const placement = await resolvePlacement(db, args);
    const schoolId = await resolveSchool(db, args.school);
    bar.start(1, 0, { stage: STAGE_LABEL.check });
    const answer = await importQuestions(
      db,
      {
        file_name: path.basename(args.file),
        bytes,
        quiz_type: args.type,
        program_id: placement.programId,
        paper_id: placement.paperId,
        topic_id: placement.topicId,
        set_id: args.set === undefined ? undefined : Number(args.set),
        school_id: schoolId,
        title: args.title,
        time_limit_minutes: args['time-limit'] === undefined ? undefined : Number(args['time-limit']),
        dry_run: args['dry-run'],
      },
      {
        onProgress(stage, done, total) {
          bar.setTotal(Math.max(total, 1));
          bar.update(done, { stage: STAGE_LABEL[stage] });
        },
      },
    );
    bar.stop();
    printSummary(answer);
    return answer.success ? 0 : 1;
  } finally {
    bar.stop();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
