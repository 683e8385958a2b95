// The multipart upload and its failure messages, as one outcome the form can show.
import { adminFetch } from '../lib/adminFetch';
import type { UploadAnswer } from '../types';

export const UPLOAD_URL = '/api/admin/upload-questions/';
export const SUCCESS_FALLBACK = 'Questions uploaded successfully!';
export const FAILURE_FALLBACK = 'Upload failed';
export const SERVER_ERROR =
  'Server error occurred while processing your file. Please check the file format and try again.';
export const SERVER_ERROR_HINT = 'Make sure your file has the correct column headers and data format.';
export const NO_RESPONSE = 'Upload failed. Please check your connection and try again.';

export interface UploadFields {
  file: File;
  quiz_type: 'practice' | 'mock';
  program_id: string;
  paper_id: string;
  topic_id: string;
  /** '' for a new set. */
  set_id: string;
  title: string;
  time_limit_minutes: string;
}

export interface UploadFailure {
  message: string;
  /** required_format and help of the answer: the 'File Format Issues' list. */
  issues: string[];
  hint: string | null;
}

export type UploadOutcome =
  | { ok: true; message: string; answer: Partial<UploadAnswer> }
  | { ok: false; failure: UploadFailure; answer: Partial<UploadAnswer> | null };

function formOf(fields: UploadFields, dryRun: boolean): FormData {
  const form = new FormData();
  form.append('file', fields.file);
  form.append('quiz_type', fields.quiz_type);
  form.append('program_id', fields.program_id);
  form.append('paper_id', fields.paper_id);
  if (fields.quiz_type === 'practice') form.append('topic_id', fields.topic_id);
  if (fields.set_id) form.append('set_id', fields.set_id);
  if (fields.title.trim()) form.append('title', fields.title.trim());
  if (fields.quiz_type === 'mock' && fields.time_limit_minutes.trim())
    form.append('time_limit_minutes', fields.time_limit_minutes.trim());
  if (dryRun) form.append('dry_run', '1');
  return form;
}

/** The answers about the file's format: only these show the 'File Format Issues' list. */
const FORMAT_PROBLEMS: ReadonlySet<string> = new Set([
  'not_a_spreadsheet',
  'wrong_encoding',
  'unsafe_file',
  'unreadable',
  'bad_header',
  'bad_rows',
  'too_many_rows',
  'empty',
]);

function issuesOf(answer: Partial<UploadAnswer>): string[] {
  // A taken title, a wrong topic, a refusal or a busy server is no format problem.
  if (!answer.error_code || !FORMAT_PROBLEMS.has(answer.error_code)) return [];
  const format = answer.required_format;
  const list = Array.isArray(format) ? format : typeof format === 'string' && format ? [format] : [];
  return answer.help ? [...list, answer.help] : list;
}

export async function sendUpload(fields: UploadFields, dryRun: boolean): Promise<UploadOutcome> {
  let res: Response;
  try {
    res = await adminFetch(UPLOAD_URL, { method: 'POST', body: formOf(fields, dryRun) });
  } catch {
    return { ok: false, failure: { message: NO_RESPONSE, issues: [], hint: null }, answer: null };
  }
  if (res.status >= 500) {
    return {
      ok: false,
      failure: { message: SERVER_ERROR, issues: [], hint: SERVER_ERROR_HINT },
      answer: null,
    };
  }
  let answer: Partial<UploadAnswer> = {};
  try {
    answer = (await res.json()) as Partial<UploadAnswer>;
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the generic failure below.
  }
  if (res.ok && answer.success) return { ok: true, message: answer.message || SUCCESS_FALLBACK, answer };
  const detail = (answer as { detail?: unknown }).detail;
  const message =
    answer.error || answer.message || (typeof detail === 'string' && detail) || FAILURE_FALLBACK;
  return { ok: false, failure: { message, issues: issuesOf(answer), hint: null }, answer };
}
