// Question upload procedures (admin): `preview` checks a file and writes nothing, `upload`
// imports it. Both answer with the upload answer's shape; a bad file is an answer with
// success false, not a thrown error, so the admin screen can list every failing row. The question
// bank's search and edits join them from questionBank.ts.
import { z } from 'zod';
import {
  HEADERS,
  HELP,
  MAX_FILE_BYTES,
  MAX_ROWS,
  REQUIRED_FORMAT,
  OPTIONAL_HEADERS,
} from '../../shared/domain/questionFormat';
import { uploadRequestSchema, type UploadRequest } from '../../shared/schemas/questions';
import type { DB } from '../../db/client';
import type { User } from '../../db/schema';
import { importQuestions } from '../services/import/importQuestions';
import type { StaffScope } from '../services/staffScope';
import { adminProcedure, router } from '../trpc';
import { questionBankProcedures } from './questionBank';

/** A tutor's upload waits for review; an admin's (a school's or the platform's) goes live. */
function run(ctx: { db: DB; user: User; scope: StaffScope }, input: UploadRequest, dryRun: boolean) {
  const { file_base64, ...fields } = input;
  const { scope } = ctx;
  const asDrafts =
    scope.kind === 'school' && scope.role === 'tutor'
      ? { authorId: ctx.user.id, schoolId: scope.schoolId }
      : undefined;
  return importQuestions(ctx.db, {
    ...fields,
    bytes: Buffer.from(file_base64, 'base64'),
    dry_run: dryRun,
    scope,
    as_drafts: asDrafts,
  });
}

/** A spreadsheet of the largest size as base64 (4 bytes for 3), with the form's other fields. */
const uploadBody = adminProcedure.meta({
  access: 'admin',
  maxBodyBytes: Math.ceil(MAX_FILE_BYTES / 3) * 4 + 64 * 1024,
});

export const questionsRouter = router({
  /** The rules the upload enforces, for the upload form (and an admin check before a big body). */
  format: adminProcedure.input(z.void()).query(() => ({
    headers: [...HEADERS],
    optional_headers: [...OPTIONAL_HEADERS],
    required_format: REQUIRED_FORMAT,
    help: HELP,
    max_file_bytes: MAX_FILE_BYTES,
    max_rows: MAX_ROWS,
  })),
  preview: uploadBody.input(uploadRequestSchema).mutation(({ ctx, input }) => run(ctx, input, true)),
  upload: uploadBody.input(uploadRequestSchema).mutation(({ ctx, input }) => run(ctx, input, false)),
  ...questionBankProcedures,
});
