// The question upload format and its limits: shown by the admin screen, enforced by the server.

/** The largest file accepted: room for a 10,000-question bank as .xlsx or .csv. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Data rows per file (header excluded): twice the largest bank we expect, 10,000 questions. */
export const MAX_ROWS = 20_000;
export const MAX_QUESTION_CHARS = 2000;
export const MAX_OPTION_CHARS = 500;
export const MAX_EXPLANATION_CHARS = 3000;
export const MAX_TITLE_CHARS = 200;
export const DEFAULT_TIME_LIMIT_MINUTES = 60;
export const MIN_TIME_LIMIT_MINUTES = 1;
export const MAX_TIME_LIMIT_MINUTES = 600;

export const HEADERS = [
  'question_text',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'correct_answer',
  'explanation',
] as const;
export type Header = (typeof HEADERS)[number];

/**
 * An optional eighth column: the name of a topic of the chosen paper, in any case. A practice
 * question takes its set's topic (the cell may repeat it or stay empty); a mock question without
 * one is untagged.
 */
export const TOPIC_HEADER = 'topic';

/**
 * Optional columns beside topic: why option A (B, C, D) is wrong, shown to a student who chose it.
 * An empty cell gives none; the correct option's cell must stay empty.
 */
export const RATIONALE_HEADERS = ['rationale_a', 'rationale_b', 'rationale_c', 'rationale_d'] as const;
export type RationaleHeader = (typeof RATIONALE_HEADERS)[number];
export const MAX_RATIONALE_CHARS = 1000;
/** Every optional column, in the order the format help lists them. */
export const OPTIONAL_HEADERS = [TOPIC_HEADER, ...RATIONALE_HEADERS] as const;

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

export const REQUIRED_FORMAT: string[] = [
  'File type: .xlsx, .xls or .csv (UTF-8), at most 5 MB and 20,000 rows.',
  `Row 1 holds exactly these seven column headers: ${HEADERS.join(', ')}.`,
  `An eighth column ${TOPIC_HEADER} is optional: the name of a topic of the chosen paper (any case). An empty cell leaves a mock question untagged; a practice question always takes its set's topic.`,
  `Columns ${RATIONALE_HEADERS.join(', ')} are optional too: why that option is wrong, up to ${MAX_RATIONALE_CHARS} characters, shown to a student who chose it. Leave the correct option's cell empty.`,
  'One question per row: question_text and option_a to option_d must not be empty.',
  'correct_answer is exactly one capital letter: A, B, C or D.',
  `Sizes: question_text up to ${MAX_QUESTION_CHARS} characters, each option up to ${MAX_OPTION_CHARS}, explanation up to ${MAX_EXPLANATION_CHARS} (explanation may be empty).`,
  'Cells hold plain text: formulas are not accepted.',
];

export const HELP =
  'Download the template, keep the header row exactly as it is, put one question per row, and fix every row listed before uploading again. Nothing is saved until the whole file is correct.';
