// Checks a parsed sheet against the upload format: the header row, then every data row. Every
// problem is collected (not just the first) so the author can fix the whole file in one pass.
// The rows are checked a slice at a time (RowChecker.check), so an import can write each slice as
// soon as it is checked and let its objects go (see importQuestions.ts).
import type { AnswerLetter } from '../../../db/schema';
import {
  HEADERS,
  MAX_EXPLANATION_CHARS,
  MAX_OPTION_CHARS,
  MAX_QUESTION_CHARS,
  MAX_ROWS,
  type Header,
} from '../../../shared/domain/questionFormat';
import { PREVIEW_ROWS } from './limits';
import type { ParsedSheet } from './parseInWorker';
import type { ValidQuestion } from '../../queries/questionImport';
import { textKey } from './textKey';

export interface RowError {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  column: string;
  reason: string;
}

/** Why a sheet cannot be imported: the answer's message and the rows at fault. */
export interface SheetProblem {
  error: string;
  rowErrors: RowError[];
}

const LIMITS: Record<Header, number> = {
  question_text: MAX_QUESTION_CHARS,
  option_a: MAX_OPTION_CHARS,
  option_b: MAX_OPTION_CHARS,
  option_c: MAX_OPTION_CHARS,
  option_d: MAX_OPTION_CHARS,
  correct_answer: 1,
  explanation: MAX_EXPLANATION_CHARS,
};

const REQUIRED: ReadonlySet<Header> = new Set([
  'question_text',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
]);
const LETTERS: ReadonlySet<string> = new Set(['A', 'B', 'C', 'D']);

/**
 * Maps each of the seven headers to its column. A wrong header is one problem, told once: the
 * missing, unexpected and repeated columns in one sentence (null when the header is right).
 */
function readHeader(header: string[]): { columns: Map<Header, number>; problem: string | null } {
  // A Map, not an object: a "__proto__" or "constructor" header is just an unknown string here.
  const columns = new Map<Header, number>();
  const unexpected: string[] = [];
  const repeated: string[] = [];
  const known: ReadonlySet<string> = new Set(HEADERS);
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if (!known.has(name)) unexpected.push(`"${raw.trim()}"`);
    else if (columns.has(name as Header)) repeated.push(name);
    else columns.set(name as Header, index);
  });
  const missing = HEADERS.filter((name) => !columns.has(name));
  const parts = [
    missing.length && `missing ${missing.join(', ')}`,
    unexpected.length && `unexpected ${unexpected.join(', ')}`,
    repeated.length && `repeated ${repeated.join(', ')}`,
  ].filter(Boolean);
  return { columns, problem: parts.length ? `${parts.join('; ')}` : null };
}

function clean(value: string | undefined): string {
  if (value === undefined) return '';
  // Most cells hold no carriage return: skip the regular expression for them (70,000 cells a file).
  return (value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value).trim();
}

function checkAnswer(value: string): string | null {
  if (LETTERS.has(value)) return null;
  if (value === '') return 'correct_answer is empty: write A, B, C or D.';
  if (LETTERS.has(value.toUpperCase()))
    return `correct_answer must be a capital letter: write "${value.toUpperCase()}", not "${value}".`;
  return `correct_answer must be exactly A, B, C or D (found "${value.slice(0, 20)}").`;
}

/** The column of each header, as a record: read once per row by name, not looked up in a Map. */
function columnIndexes(columns: Map<Header, number>): Record<Header, number> {
  return Object.fromEntries(columns) as Record<Header, number>;
}

/**
 * The header check and the row count, before any row: a RowChecker for the data rows, or the
 * problem that stops the import at once.
 */
export function openSheet(sheet: ParsedSheet): RowChecker | SheetProblem {
  if (sheet.rows.length === 0)
    return { error: 'The file is empty: it has no header row and no questions.', rowErrors: [] };
  const { columns, problem } = readHeader(sheet.rows.row(0));
  if (problem) {
    const reason = `The header row must hold exactly ${HEADERS.join(', ')}: ${problem}.`;
    return {
      error: `The header row does not match the template: ${problem}.`,
      rowErrors: [{ row: 1, column: 'header', reason }],
    };
  }
  if (sheet.rows.length - 1 > MAX_ROWS) {
    return {
      error: `The file has more than ${MAX_ROWS.toLocaleString('en')} rows of questions; split it into smaller files.`,
      rowErrors: [],
    };
  }
  return new RowChecker(sheet, columns);
}

/**
 * Checks the data rows, a slice at a time and in order, and remembers what the answer needs: the
 * problems, the repeats within the file, the first rows for the preview, and each question's row
 * and text key for the check against the bank.
 */
export class RowChecker {
  /** Data rows: the sheet's rows after the header. */
  readonly dataRows: number;
  readonly rowErrors: RowError[] = [];
  /** Rows repeating an earlier row's question. */
  readonly warnings: string[] = [];
  /** The first valid questions, for the answer's preview. */
  readonly preview: ValidQuestion[] = [];
  /** Row number and text key of every valid question, in file order. */
  readonly rowNumbers: number[] = [];
  readonly keys: string[] = [];
  private readonly at: Record<Header, number>;
  private readonly columnName: Map<number, Header>;
  private readonly formulas: Set<string>;
  private readonly seen = new Map<string, number>();
  private readonly headerCells: number;

  constructor(
    private readonly sheet: ParsedSheet,
    columns: Map<Header, number>,
  ) {
    this.dataRows = sheet.rows.length - 1;
    this.at = columnIndexes(columns);
    this.columnName = new Map([...columns].map(([name, index]) => [index, name]));
    this.formulas = new Set(sheet.formulaCells.map(([r, c]) => `${r}:${c}`));
    this.headerCells = sheet.rows.row(0).length;
  }

  get questionCount(): number {
    return this.keys.length;
  }

  /** Checks data rows [from, to) (0 = the row under the header); returns the valid questions among them. */
  check(from: number, to: number): ValidQuestion[] {
    const questions: ValidQuestion[] = [];
    for (let i = from; i < Math.min(to, this.dataRows); i++) {
      const question = this.checkRow(i);
      if (question) questions.push(question);
    }
    return questions;
  }

  /** What stops the import once every row is checked, or null when it may go ahead. */
  problem(): SheetProblem | null {
    if (this.rowErrors.length) {
      const rows = new Set(this.rowErrors.map((e) => e.row)).size;
      return {
        error: `${rows} row${rows === 1 ? '' : 's'} of the file ${rows === 1 ? 'has' : 'have'} problems; nothing was saved.`,
        rowErrors: this.rowErrors,
      };
    }
    if (!this.questionCount) return { error: 'The file has the header row but no questions.', rowErrors: [] };
    return null;
  }

  private checkRow(i: number): ValidQuestion | null {
    const { at, rowErrors } = this;
    const cells = this.sheet.rows.row(i + 1);
    const rowNumber = this.sheet.firstRow + i + 1;
    if (cells.every((cell) => cell.trim() === '')) return null;
    if (this.sheet.cellsMatchHeader && cells.length !== this.headerCells) {
      // An unquoted comma splits a cell in two and moves every later cell along: reading the row
      // anyway would cut an explanation short without a word ("Beans").
      rowErrors.push({
        row: rowNumber,
        column: 'row',
        reason: `Row ${rowNumber} has ${cells.length} cells, the header has ${this.headerCells}: put cells that contain commas in double quotes.`,
      });
      return null;
    }
    const errorsBefore = rowErrors.length;
    if (this.formulas.size)
      cells.forEach((_cell, c) => {
        if (this.formulas.has(`${i + 1}:${c}`)) {
          rowErrors.push({
            row: rowNumber,
            column: this.columnName.get(c) ?? `column ${c + 1}`,
            reason: 'The cell holds a formula; type the text itself (formulas are not accepted).',
          });
        }
      });
    // One literal naming every field, filled in column order: V8 gives all 10,000 rows one fast
    // shape. A record keyed in a loop and then spread made the check about twice as slow
    // (docs/performance.md).
    const question: ValidQuestion = {
      row: rowNumber,
      question_text: clean(cells[at.question_text]),
      option_a: clean(cells[at.option_a]),
      option_b: clean(cells[at.option_b]),
      option_c: clean(cells[at.option_c]),
      option_d: clean(cells[at.option_d]),
      correct_answer: clean(cells[at.correct_answer]) as AnswerLetter,
      explanation: clean(cells[at.explanation]),
      text_key: '',
    };
    for (const name of HEADERS) {
      const text = question[name];
      if (REQUIRED.has(name) && text === '') {
        rowErrors.push({ row: rowNumber, column: name, reason: `${name} is empty.` });
      } else if (text.includes('\u0000')) {
        // A workbook writes the character as _x0000_; PostgreSQL's text cannot hold it.
        rowErrors.push({
          row: rowNumber,
          column: name,
          reason: `${name} holds a NUL character (_x0000_ in a workbook); delete it and upload again.`,
        });
      } else if (name !== 'correct_answer' && text.length > LIMITS[name]) {
        rowErrors.push({
          row: rowNumber,
          column: name,
          reason: `${name} is ${text.length} characters long (limit ${LIMITS[name]}).`,
        });
      }
    }
    const answerProblem = checkAnswer(question.correct_answer);
    if (answerProblem) rowErrors.push({ row: rowNumber, column: 'correct_answer', reason: answerProblem });
    if (rowErrors.length > errorsBefore) return null;

    question.text_key = textKey(question.question_text);
    const earlier = this.seen.get(question.text_key);
    if (earlier !== undefined) this.warnings.push(`Row ${rowNumber} repeats the question of row ${earlier}.`);
    else this.seen.set(question.text_key, rowNumber);
    this.rowNumbers.push(rowNumber);
    this.keys.push(question.text_key);
    if (this.preview.length < PREVIEW_ROWS) this.preview.push(question);
    return question;
  }
}
