// The answer of an upload (success, message, warnings, error, required_format, help), the
// same for the tRPC procedures, the REST shim and the CLI.
import { HELP, REQUIRED_FORMAT, type Header } from '../../../shared/domain/questionFormat';
import type { RowError } from './validate';

export type ImportErrorCode =
  | 'bad_input'
  | 'no_file'
  | 'file_too_large'
  | 'not_a_spreadsheet'
  | 'wrong_encoding'
  | 'import_running'
  | 'unsafe_file'
  | 'unreadable'
  | 'bad_header'
  | 'bad_rows'
  | 'too_many_rows'
  | 'empty'
  | 'bad_placement'
  | 'title_taken'
  | 'not_allowed';

/**
 * One row of the preview: its row number, the seven columns of the upload format, and the name of
 * the topic the question takes ('' for an untagged mock question).
 */
export type PreviewRow = { row: number; topic: string } & Record<Header, string>;

export interface CreatedSet {
  type: 'practice' | 'mock';
  id: number;
  title: string;
  total_questions: number;
}

export interface UploadAnswer {
  success: boolean;
  message: string;
  /** The first MAX_WARNINGS warnings. */
  warnings: string[];
  /** All warnings, when warnings was cut short. */
  warning_count?: number;
  error: string | null;
  /** Machine-readable kind of failure (null on success). */
  error_code: ImportErrorCode | null;
  required_format: string[];
  help: string;
  dry_run: boolean;
  row_errors?: RowError[];
  /** Total failing cells, when row_errors was cut short. */
  row_error_count?: number;
  preview?: PreviewRow[];
  /** Questions that would be (dry run) or were imported. */
  total_questions?: number;
  set?: CreatedSet;
}

export function failure(
  code: ImportErrorCode,
  error: string,
  extra: Partial<UploadAnswer> = {},
): UploadAnswer {
  return {
    success: false,
    message: error,
    warnings: [],
    error,
    error_code: code,
    required_format: REQUIRED_FORMAT,
    help: HELP,
    dry_run: false,
    ...extra,
  };
}

export function success(message: string, extra: Partial<UploadAnswer>): UploadAnswer {
  return {
    success: true,
    message,
    warnings: [],
    error: null,
    error_code: null,
    required_format: REQUIRED_FORMAT,
    help: HELP,
    dry_run: false,
    ...extra,
  };
}

/** The HTTP status of an answer on the REST path. */
export function httpStatusOf(answer: UploadAnswer): number {
  if (answer.success) return answer.dry_run ? 200 : 201;
  if (answer.error_code === 'file_too_large') return 413;
  if (answer.error_code === 'title_taken' || answer.error_code === 'import_running') return 409;
  return 400;
}
