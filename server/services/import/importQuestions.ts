// The one import service behind the upload, the CLI and the seed: check the request, read the
// file off the main thread, check every row, then write the set and its questions in one
// transaction, or nothing at all.
import path from 'node:path';
import type { DB } from '../../../db/client';
import { DEFAULT_TIME_LIMIT_MINUTES, MAX_FILE_BYTES } from '../../../shared/domain/questionFormat';
import { uploadFieldsSchema, type UploadFields } from '../../../shared/schemas/questions';
import {
  insertSetWithQuestions,
  keysInBank,
  placementProblem,
  titleTaken,
  type Placement,
} from '../../queries/questionImport';
import { failure, success, type UploadAnswer } from './answer';
import { MAX_ROW_ERRORS, MAX_WARNINGS, PREVIEW_ROWS } from './limits';
import { ParseError, parseInWorker } from './parseInWorker';
import { detectFormat, NotASpreadsheetError } from './sniff';
import { checkSheet, type ValidQuestion } from './validate';
import { guardZip, UnsafeZipError } from './zipGuard';

export type ImportStage = 'check' | 'parse' | 'validate' | 'write';

export interface ImportRequest extends UploadFields {
  file_name: string;
  bytes: Buffer;
  dry_run?: boolean;
}

export interface ImportOptions {
  /** Called as the import advances; `done` of `total` within the stage. */
  onProgress?: (stage: ImportStage, done: number, total: number) => void;
  parseTimeoutMs?: number;
}

function preview(questions: ValidQuestion[]) {
  return questions.slice(0, PREVIEW_ROWS).map(({ text_key: _key, ...row }) => row);
}

/**
 * The set's title: the one given (null when it is taken, so the admin chooses), else the file name,
 * numbered "(2)", "(3)"... when re-uploading a file of the same name under the same parent.
 */
async function chooseTitle(db: DB, p: Placement, given: string | null | undefined, fileName: string) {
  if (given) return (await titleTaken(db, p, given)) ? null : given;
  const base = path.basename(fileName, path.extname(fileName)).trim().slice(0, 180) || 'Uploaded questions';
  for (let n = 1; n <= 100; n++) {
    const title = n === 1 ? base : `${base} (${n})`;
    if (!(await titleTaken(db, p, title))) return title;
  }
  return `${base} (${new Date().toISOString()})`;
}

async function readSheet(req: ImportRequest, opts: ImportOptions) {
  const format = detectFormat(req.bytes, req.file_name);
  if (format !== 'xlsx') return parseInWorker(req.bytes, format, { timeoutMs: opts.parseTimeoutMs });
  // The declared sizes are checked before anything else. Inflating every part to prove them runs
  // alongside the parse instead of before it (15-30 ms of a 10,000-row file off the wall time):
  // a part that unpacks to more than it declares stops the parse at once (its worker is
  // terminated), and the guard's verdict is the answer whatever the parser made of the file.
  const { actualSizes } = guardZip(req.bytes);
  const stop = new AbortController();
  const parse = parseInWorker(req.bytes, format, {
    timeoutMs: opts.parseTimeoutMs,
    signal: stop.signal,
  }).then(
    (sheet) => ({ sheet }),
    (error: unknown) => ({ error }),
  );
  try {
    await actualSizes;
  } catch (err) {
    stop.abort();
    throw err;
  }
  const parsed = await parse;
  if ('error' in parsed) throw parsed.error;
  return parsed.sheet;
}

function fileProblem(err: unknown): UploadAnswer {
  if (err instanceof NotASpreadsheetError) return failure('not_a_spreadsheet', err.message);
  if (err instanceof UnsafeZipError) return failure('unsafe_file', err.message);
  if (err instanceof ParseError) return failure('unreadable', err.message);
  throw err;
}

export async function importQuestions(
  db: DB,
  req: ImportRequest,
  opts: ImportOptions = {},
): Promise<UploadAnswer> {
  const progress = opts.onProgress ?? (() => undefined);
  const dryRun = req.dry_run === true;
  progress('check', 0, 1);
  const fields = uploadFieldsSchema.safeParse(req);
  if (!fields.success) return failure('bad_input', fields.error.issues[0].message, { dry_run: dryRun });
  const f = fields.data;
  if (req.bytes.length === 0)
    return failure('no_file', 'Choose a file to upload: the file is empty.', { dry_run: dryRun });
  if (req.bytes.length > MAX_FILE_BYTES) {
    return failure(
      'file_too_large',
      `The file is ${(req.bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
      { dry_run: dryRun },
    );
  }
  const placement: Placement = {
    quizType: f.quiz_type,
    programId: f.program_id,
    paperId: f.paper_id,
    topicId: f.quiz_type === 'practice' ? (f.topic_id ?? null) : null,
  };
  // Cheap checks first: a wrong topic should not cost a parse.
  const misplaced = await placementProblem(db, placement);
  if (misplaced) return failure('bad_placement', misplaced.message, { dry_run: dryRun });
  const title = await chooseTitle(db, placement, f.title, req.file_name);
  if (!title) {
    const where = f.quiz_type === 'mock' ? 'mock exam set under this paper' : 'practice set under this topic';
    return failure('title_taken', `A ${where} is already titled "${f.title}". Choose another title.`, {
      dry_run: dryRun,
    });
  }
  progress('check', 1, 1);

  progress('parse', 0, 1);
  let sheet;
  try {
    sheet = await readSheet(req, opts);
  } catch (err) {
    return { ...fileProblem(err), dry_run: dryRun };
  }
  progress('parse', 1, 1);

  const dataRows = Math.max(0, sheet.rows.length - 1);
  progress('validate', 0, dataRows);
  const checked = checkSheet(sheet);
  if (!checked.ok) {
    const code = checked.rowErrors.some((e) => e.row === 1)
      ? 'bad_header'
      : checked.rowErrors.length
        ? 'bad_rows'
        : dataRows > 0
          ? 'too_many_rows'
          : 'empty';
    return failure(code, checked.error, {
      dry_run: dryRun,
      row_errors: checked.rowErrors.slice(0, MAX_ROW_ERRORS),
      row_error_count: checked.rowErrors.length,
    });
  }
  progress('validate', dataRows, dataRows);

  const { questions } = checked;
  const answerWith = (inBank: ReadonlySet<string>) => {
    // Only the listed warnings are written out: re-uploading a 10,000-question file would
    // otherwise build 10,000 messages to send 500 of them.
    const warnings = checked.warnings.slice(0, MAX_WARNINGS);
    let warningCount = checked.warnings.length;
    for (const q of questions) {
      if (!inBank.has(q.text_key)) continue;
      warningCount++;
      if (warnings.length < MAX_WARNINGS)
        warnings.push(`Row ${q.row}: this question is already in the bank (it will be added again).`);
    }
    return {
      warnings,
      ...(warningCount > MAX_WARNINGS && { warning_count: warningCount }),
      preview: preview(questions),
      total_questions: questions.length,
      dry_run: dryRun,
    };
  };
  const kind = f.quiz_type === 'mock' ? 'mock exam set' : 'practice set';
  if (dryRun) {
    const inBank = await keysInBank(
      db,
      questions.map((q) => q.text_key),
    );
    return success(
      `The file is valid: ${questions.length} questions would be added to a new ${kind} "${title}". Nothing was saved (dry run).`,
      answerWith(inBank),
    );
  }

  progress('write', 0, questions.length);
  // The write also names the questions other sets already hold (one query after the insert).
  const { id, keysAlreadyInBank } = await insertSetWithQuestions(
    db,
    placement,
    { title, timeLimitMinutes: f.time_limit_minutes ?? DEFAULT_TIME_LIMIT_MINUTES },
    questions,
    (written) => progress('write', written, questions.length),
  );
  return success(`${questions.length} questions uploaded successfully into the new ${kind} "${title}".`, {
    ...answerWith(keysAlreadyInBank),
    set: { type: f.quiz_type, id, title, total_questions: questions.length },
  });
}
