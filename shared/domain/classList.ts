// The class list a school uploads to enrol its students: one row per student, a header row naming
// the columns (any case, in any order), and the states an invitation goes through.

/** Each column and the header names that mean it. */
export const CLASS_LIST_COLUMNS = {
  full_name: ['full_name', 'full name', 'name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address'],
  programme: ['programme', 'program', 'program_of_study', 'program of study', 'programme of study'],
} as const;
export type ClassListColumn = keyof typeof CLASS_LIST_COLUMNS;

export const CLASS_LIST_HEADERS = ['full_name', 'email', 'programme'] as const;

/** Students one file may enrol: a large year group, far below what a parse costs. */
export const MAX_CLASS_LIST_ROWS = 2000;
export const MAX_CLASS_LIST_BYTES = 1024 * 1024;

export const INVITATION_STATES = ['pending', 'accepted', 'withdrawn', 'expired'] as const;
export type InvitationStateShown = (typeof INVITATION_STATES)[number];

/** How long a mailed invitation link works. */
export const INVITATION_DAYS = 7;

/** One problem of a class list: its spreadsheet row (the header is row 1) and what to fix. */
export interface ClassListRowError {
  row: number;
  message: string;
}

/** A row of the preview. */
export interface ClassListRow {
  row: number;
  full_name: string;
  email: string;
  programme: string;
}

/** The answer of a preview or an upload: the file's problems, or what was (or would be) done. */
export interface ClassListAnswer {
  success: boolean;
  message: string;
  school: { id: number; name: string } | null;
  row_errors: ClassListRowError[];
  rows: ClassListRow[];
  /** Invitations created (upload) or that would be (preview). */
  total: number;
  dry_run: boolean;
}
