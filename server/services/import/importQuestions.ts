// The one import service behind the upload, the CLI and the seed: check the request, read the
// file off the main thread, check every row, then write the set and its questions in one
// transaction, or nothing at all.
import path from 'node:path';
import type { DB } from '../../../db/client';
import { DEFAULT_TIME_LIMIT_MINUTES, MAX_FILE_BYTES } from '../../../shared/domain/questionFormat';
import { uploadFieldsSchema, type UploadFields } from '../../../shared/schemas/questions';
import { plural } from '../../../shared/domain/display';
import {
  insertQuestions,
  keysInBank,
  keysInSet,
  placementProblem,
  schoolOfProgram,
  setInPlacement,
  titleTaken,
  topicsOfPaper,
  type DraftAuthor,
  type ImportTarget,
  type Placement,
  type ValidQuestion,
} from '../../queries/questionImport';
import { audienceOfScope, NATIONAL_READ_ONLY, ownerOfNew } from '../contentAccess';
import type { StaffScope } from '../staffScope';
import { failure, success, type ImportErrorCode, type UploadAnswer } from './answer';
import { MAX_ROW_ERRORS, MAX_WARNINGS, PREVIEW_ROWS } from './limits';
import { ParseError, parseInWorker } from './parseInWorker';
import { detectFormat, NotASpreadsheetError, WrongEncodingError } from './sniff';
import { openSheet, RowChecker, type SheetProblem, type TopicChoices } from './validate';
import { guardZip, UnsafeZipError } from './zipGuard';

export type ImportStage = 'check' | 'parse' | 'validate' | 'write';

export interface ImportRequest extends UploadFields {
  file_name: string;
  bytes: Buffer;
  dry_run?: boolean;
  /**
   * Who imports: school staff place sets of their school's (under national papers and topics too)
   * and append to their school's sets only. Absent: the platform admin (the CLI, the seed).
   */
  scope?: StaffScope;
  /** A tutor's upload: each question becomes a draft submitted for review, not a live question. */
  as_drafts?: DraftAuthor;
}

export interface ImportOptions {
  /** Called as the import advances; `done` of `total` within the stage. */
  onProgress?: (stage: ImportStage, done: number, total: number) => void;
  parseTimeoutMs?: number;
}

/** The first rows as the answer shows them, each with its topic's name ('' when untagged). */
function preview(questions: ValidQuestion[], choices: TopicChoices) {
  const names = new Map(choices.topics.map((t) => [t.id, t.name]));
  return questions
    .slice(0, PREVIEW_ROWS)
    .map(({ text_key: _key, topic_id, ...row }) => ({ ...row, topic: names.get(topic_id ?? 0) ?? '' }));
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

/** Reads an upload off the main thread after the file-type, encoding and zip-bomb checks (also the class list's). */
export async function readSheet(
  req: Pick<ImportRequest, 'bytes' | 'file_name'>,
  opts: Pick<ImportOptions, 'parseTimeoutMs'> = {},
) {
  const format = detectFormat(req.bytes, req.file_name);
  if (format !== 'xlsx') return parseInWorker(req.bytes, format, { timeoutMs: opts.parseTimeoutMs });
  // The declared sizes are checked before anything else. Inflating every part to prove them runs
  // alongside the parse instead of before it, which takes it off the wall time (docs/performance.md):
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

/** Rows checked and written per step of an import (see checkedBatches). */
const CHECK_BATCH_ROWS = 500;

/** Thrown inside the write transaction when a row is bad, to roll it back. */
class RowsRejected extends Error {
  constructor(readonly problem: SheetProblem) {
    super(problem.error);
  }
}

/** The answer to a sheet whose header or rows are at fault; at most MAX_ROW_ERRORS rows listed. */
function rejected(code: ImportErrorCode, problem: SheetProblem, dryRun: boolean): UploadAnswer {
  return failure(code, problem.error, {
    dry_run: dryRun,
    row_errors: problem.rowErrors.slice(0, MAX_ROW_ERRORS),
    row_error_count: problem.rowErrors.length,
  });
}

/** Rows at fault, or a header and nothing under it. */
const rowsCode = (problem: SheetProblem): ImportErrorCode =>
  problem.rowErrors.length ? 'bad_rows' : 'empty';

/** What readSheet's refusal tells the uploader; anything else is rethrown (a bug, not the file). */
export function describeFileProblem(err: unknown): { code: ImportErrorCode; message: string } {
  if (err instanceof NotASpreadsheetError) return { code: 'not_a_spreadsheet', message: err.message };
  if (err instanceof WrongEncodingError) return { code: 'wrong_encoding', message: err.message };
  if (err instanceof UnsafeZipError) return { code: 'unsafe_file', message: err.message };
  if (err instanceof ParseError) return { code: 'unreadable', message: err.message };
  throw err;
}

function fileProblem(err: unknown): UploadAnswer {
  const { code, message } = describeFileProblem(err);
  return failure(code, message);
}

/**
 * Imports run one at a time in a process: a 20,000-row workbook takes a few hundred MB to read, and
 * several at once took the server well past a small server's memory (docs/performance.md). A second
 * upload (or preview) meanwhile gets a clear answer rather than a wait its phone might time out on.
 */
let importRunning = false;
export const IMPORT_RUNNING = 'Another import is running. Try again in a minute.';

export async function importQuestions(
  db: DB,
  req: ImportRequest,
  opts: ImportOptions = {},
): Promise<UploadAnswer> {
  if (importRunning) return failure('import_running', IMPORT_RUNNING, { dry_run: req.dry_run === true });
  importRunning = true;
  try {
    return await importOne(db, req, opts);
  } finally {
    importRunning = false;
  }
}

async function importOne(db: DB, req: ImportRequest, opts: ImportOptions): Promise<UploadAnswer> {
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
  const scope = req.scope ?? { kind: 'platform' };
  const audience = audienceOfScope(scope);
  const misplaced = await placementProblem(db, placement, audience);
  if (misplaced) return failure('bad_placement', misplaced.message, { dry_run: dryRun });
  const kind = f.quiz_type === 'mock' ? 'mock exam set' : 'practice set';
  const parent = f.quiz_type === 'mock' ? 'paper' : 'topic';
  const existing = f.set_id ? await setInPlacement(db, placement, f.set_id, audience) : null;
  if (f.set_id && !existing) {
    return failure('bad_placement', `There is no ${kind} with id ${f.set_id} under the chosen ${parent}.`, {
      dry_run: dryRun,
    });
  }
  if (existing && scope.kind === 'school' && existing.school_id === null)
    return failure('not_allowed', NATIONAL_READ_ONLY, { dry_run: dryRun });
  const schoolId = existing
    ? existing.school_id
    : await ownerOfNew(db, scope, await schoolOfProgram(db, f.program_id), f.school_id);
  const topics: TopicChoices = { ...(await topicsOfPaper(db, f.paper_id)), setTopicId: placement.topicId };
  const title = existing ? existing.title : await chooseTitle(db, placement, f.title, req.file_name);
  if (!title) {
    return failure(
      'title_taken',
      `A ${kind} under this ${parent} is already titled "${f.title}". Choose another title.`,
      {
        dry_run: dryRun,
      },
    );
  }
  const target: ImportTarget = existing
    ? { setId: existing.id }
    : {
        newSet: { title, timeLimitMinutes: f.time_limit_minutes ?? DEFAULT_TIME_LIMIT_MINUTES, schoolId },
      };
  progress('check', 1, 1);

  progress('parse', 0, 1);
  let sheet;
  try {
    sheet = await readSheet(req, opts);
  } catch (err) {
    return { ...fileProblem(err), dry_run: dryRun };
  }
  progress('parse', 1, 1);

  const opened = openSheet(sheet, topics);
  if (!(opened instanceof RowChecker)) {
    const code = opened.rowErrors.length ? 'bad_header' : sheet.rows.length > 1 ? 'too_many_rows' : 'empty';
    return rejected(code, opened, dryRun);
  }
  const checker = opened;
  /** Questions of the file that the set already holds (appending): left out. */
  const leftOut = (inSet: ReadonlySet<string>) => checker.keys.filter((key) => inSet.has(key)).length;
  const answerWith = (inBank: ReadonlySet<string>, inSet: ReadonlySet<string>) => {
    // Only the listed warnings are written out: re-uploading a 10,000-question file would
    // otherwise build 10,000 messages to send 500 of them.
    const warnings = checker.warnings.slice(0, MAX_WARNINGS);
    let warningCount = checker.warnings.length;
    checker.keys.forEach((key, i) => {
      const repeat = inSet.has(key)
        ? 'this question is already in this set; it is not added again.'
        : inBank.has(key) && 'this question is already in the bank (it will be added again).';
      if (!repeat) return;
      warningCount++;
      if (warnings.length < MAX_WARNINGS) warnings.push(`Row ${checker.rowNumbers[i]}: ${repeat}`);
    });
    return {
      warnings,
      ...(warningCount > MAX_WARNINGS && { warning_count: warningCount }),
      preview: preview(checker.preview, topics),
      total_questions: checker.questionCount - leftOut(inSet),
      dry_run: dryRun,
    };
  };
  if (dryRun) {
    progress('validate', 0, checker.dataRows);
    checker.check(0, checker.dataRows);
    const problem = checker.problem();
    if (problem) return rejected(rowsCode(problem), problem, dryRun);
    progress('validate', checker.dataRows, checker.dataRows);
    const inBank = await keysInBank(db, checker.keys);
    const inSet = existing ? await keysInSet(db, f.quiz_type, existing.id) : new Set<string>();
    const adding = checker.questionCount - leftOut(inSet);
    const where = existing ? `the ${kind} "${title}"` : `a new ${kind} "${title}"`;
    const skipped = leftOut(inSet)
      ? `; ${plural(leftOut(inSet), 'question')} already in it would be left out`
      : '';
    return success(
      `The file is valid: ${plural(adding, 'question')} would be added to ${where}${skipped}. Nothing was saved (dry run).`,
      answerWith(inBank, inSet),
    );
  }

  // Each slice of rows is checked and written before the next is cut out of the sheet, inside the
  // one transaction: its objects die young instead of all 10,000 rows living through the write. A
  // bad row stops the writing, the remaining rows are still checked (every problem is listed), and
  // the transaction is rolled back: all or nothing, as before.
  progress('write', 0, checker.dataRows);
  function* checkedBatches() {
    for (let from = 0; from < checker.dataRows; from += CHECK_BATCH_ROWS) {
      const batch = checker.check(from, from + CHECK_BATCH_ROWS);
      if (!checker.rowErrors.length) yield batch;
      progress('write', Math.min(from + CHECK_BATCH_ROWS, checker.dataRows), checker.dataRows);
    }
    const problem = checker.problem();
    if (problem) throw new RowsRejected(problem);
  }
  let written;
  try {
    // The write also names the questions other sets already hold (one query after the insert).
    written = await insertQuestions(db, placement, target, checkedBatches(), req.as_drafts);
  } catch (err) {
    if (err instanceof RowsRejected) return rejected(rowsCode(err.problem), err.problem, dryRun);
    throw err;
  }
  const { id, keysAlreadyInBank, keysAlreadyInSet, setTotal } = written;
  const answer = answerWith(keysAlreadyInBank, keysAlreadyInSet);
  const set = { type: f.quiz_type, id, title, total_questions: setTotal };
  if (req.as_drafts)
    return success(
      `${plural(answer.total_questions, 'question')} submitted for review into the ${kind} "${title}": each goes live once another tutor or an admin approves it (Review Questions).`,
      { ...answer, set },
    );
  if (!existing)
    return success(`${plural(setTotal, 'question')} uploaded successfully into the new ${kind} "${title}".`, {
      ...answer,
      set,
    });
  const skipped = leftOut(keysAlreadyInSet);
  const message = answer.total_questions
    ? `${plural(answer.total_questions, 'question')} added to the ${kind} "${title}", which now has ${plural(setTotal, 'question')}.`
    : `No questions were added: the ${kind} "${title}" already has every question of the file.`;
  return success(
    skipped && answer.total_questions
      ? `${message} ${plural(skipped, 'question')} already in it ${skipped === 1 ? 'was' : 'were'} left out.`
      : message,
    {
      ...answer,
      set,
    },
  );
}
