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
  MAX_RATIONALE_CHARS,
  MAX_ROWS,
  OPTIONAL_HEADERS,
  RATIONALE_HEADERS,
  TOPIC_HEADER,
  type Header,
  type RationaleHeader,
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

/** A column the sheet may hold: the seven of the format, the optional topic and rationales. */
type Column = Header | (typeof OPTIONAL_HEADERS)[number];

/** What a row's topic cell may name: the topics of the chosen paper. */
export interface TopicChoices {
  paperName: string;
  topics: Array<{ id: number; name: string }>;
  /** A practice set's topic, which each of its questions takes; null for a mock set. */
  setTopicId: number | null;
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
 * Maps each of the seven headers (and the optional topic) to its column. A wrong header is one
 * problem, told once: the missing, unexpected and repeated columns in one sentence (null when the
 * header is right).
 */
function readHeader(header: string[]): { columns: Map<Column, number>; problem: string | null } {
  // A Map, not an object: a "__proto__" or "constructor" header is just an unknown string here.
  const columns = new Map<Column, number>();
  const unexpected: string[] = [];
  const repeated: string[] = [];
  const known: ReadonlySet<string> = new Set([...HEADERS, ...OPTIONAL_HEADERS]);
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if (!known.has(name)) unexpected.push(`"${raw.trim()}"`);
    else if (columns.has(name as Column)) repeated.push(name);
    else columns.set(name as Column, index);
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
function columnIndexes(columns: Map<Column, number>): Record<Header, number> {
  return Object.fromEntries(columns) as Record<Header, number>;
}

/** Topic names listed in a row error: enough to find the right one, not a page of them. */
const LISTED_TOPICS = 30;

/**
 * Reads a row's topic cell: the topic's id, or why the cell is wrong. The name matches in any
 * case; an empty cell gives a practice question its set's topic and leaves a mock question
 * untagged, and a practice row may only name its set's topic.
 */
class TopicReader {
  private readonly byName: Map<string, { id: number; name: string }>;
  private readonly known: string;

  constructor(private readonly choices: TopicChoices) {
    this.byName = new Map(choices.topics.map((t) => [t.name.trim().toLowerCase(), t]));
    const names = choices.topics.slice(0, LISTED_TOPICS).map((t) => t.name);
    const more = choices.topics.length - names.length;
    this.known = choices.topics.length
      ? `: its topics are ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Write one of them (any case), or leave the cell empty.`
      : ', which has no topics yet: add them under Content, or leave the cell empty.';
  }

  read(cell: string): { id: number | null } | { problem: string } {
    const { setTopicId, paperName } = this.choices;
    if (cell === '') return { id: setTopicId };
    const topic = this.byName.get(cell.toLowerCase());
    if (!topic) {
      const shown = cell.length > 60 ? `${cell.slice(0, 60)}…` : cell;
      return {
        problem: `"${shown}" is not a topic of ${paperName}${this.known}`,
      };
    }
    if (setTopicId !== null && topic.id !== setTopicId) {
      const own = this.choices.topics.find((t) => t.id === setTopicId)?.name ?? '';
      return {
        problem: `A practice set's questions take its topic "${own}", not "${topic.name}": leave the cell empty, or upload this row into a practice set of "${topic.name}".`,
      };
    }
    return { id: topic.id };
  }
}

/** Why a rationale cell cannot be saved, or null when it can (an empty cell gives none). */
export function rationaleProblem(name: RationaleHeader, text: string, key: string): string | null {
  if (text === '') return null;
  const letter = name.slice(-1).toUpperCase();
  if (text.includes('\u0000'))
    return `${name} holds a NUL character (_x0000_ in a workbook); delete it and upload again.`;
  if (text.length > MAX_RATIONALE_CHARS)
    return `${name} is ${text.length} characters long (limit ${MAX_RATIONALE_CHARS}).`;
  if (letter === key)
    return `${name} says why option ${letter} is wrong, but ${letter} is the correct answer: leave the cell empty.`;
  return null;
}

/**
 * The header check and the row count, before any row: a RowChecker for the data rows, or the
 * problem that stops the import at once.
 */
export function openSheet(sheet: ParsedSheet, topics: TopicChoices): RowChecker | SheetProblem {
  if (sheet.rows.length === 0)
    return { error: 'The file is empty: it has no header row and no questions.', rowErrors: [] };
  const { columns, problem } = readHeader(sheet.rows.row(0));
  if (problem) {
    const reason = `The header row must hold exactly ${HEADERS.join(', ')} (and may add ${OPTIONAL_HEADERS.join(', ')}): ${problem}.`;
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
  return new RowChecker(sheet, columns, topics);
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
  /** The topic column, or -1 when the sheet has none. */
  private readonly topicAt: number;
  /** The rationale columns the sheet has. */
  private readonly rationaleAt: Array<[RationaleHeader, number]>;
  private readonly topics: TopicReader;
  private readonly columnName: Map<number, Column>;
  private readonly formulas: Set<string>;
  private readonly seen = new Map<string, number>();
  private readonly headerCells: number;

  constructor(
    private readonly sheet: ParsedSheet,
    columns: Map<Column, number>,
    topics: TopicChoices,
  ) {
    this.dataRows = sheet.rows.length - 1;
    this.at = columnIndexes(columns);
    this.topicAt = columns.get(TOPIC_HEADER) ?? -1;
    this.rationaleAt = RATIONALE_HEADERS.flatMap((name) => {
      const at = columns.get(name);
      return at === undefined ? [] : [[name, at] as [RationaleHeader, number]];
    });
    this.topics = new TopicReader(topics);
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
      topic_id: null,
      text_key: '',
      rationale_a: null,
      rationale_b: null,
      rationale_c: null,
      rationale_d: null,
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
    for (const [name, index] of this.rationaleAt) {
      const text = clean(cells[index]);
      const problem = rationaleProblem(name, text, question.correct_answer);
      if (problem) rowErrors.push({ row: rowNumber, column: name, reason: problem });
      else question[name] = text || null;
    }
    const topic = this.topics.read(this.topicAt < 0 ? '' : clean(cells[this.topicAt]));
    if ('problem' in topic) rowErrors.push({ row: rowNumber, column: TOPIC_HEADER, reason: topic.problem });
    else question.topic_id = topic.id;
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
