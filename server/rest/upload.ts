// REST paths of the question upload: the original multipart form and the template download.
// The procedures do the work; this file only turns multipart into their input and their answer
// (or error) into an HTTP status with the upload's answer shape.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { TRPCError } from '@trpc/server';
import { MAX_FILE_BYTES } from '../../shared/domain/questionFormat';
import { createContext, type AppDeps } from '../context';
import { appRouter } from '../router';
import { failure, httpStatusOf } from '../services/import/answer';
import { templateFile } from '../services/import/template';
import { closeAfterAnswer, refuseUnread } from '../http/requestBodies';
import { callProcedure, restFailure } from './shim';

const { questions } = appRouter;

const MB = MAX_FILE_BYTES / 1024 / 1024;
/** The file and the form's few short fields. */
const MAX_FORM_BYTES = MAX_FILE_BYTES + 64 * 1024;

const readForm = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25 },
}).single('file');

/** A form the multipart parser could not read: cut off, or without its boundary. */
class MalformedForm extends Error {}

function parseForm(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) =>
    handler(req, res, (err?: unknown) => {
      if (!err) resolve();
      else reject(err instanceof multer.MulterError ? err : new MalformedForm(String(err)));
    }),
  );
}

/** A multipart field as the procedure expects it: absent or blank means "not given". */
function field(req: Request, name: string): string | undefined {
  const value: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function formError(err: multer.MulterError) {
  if (err.code === 'LIMIT_FILE_SIZE') {
    return {
      status: 413,
      body: failure(
        'file_too_large',
        `The file is larger than ${MB} MB, the upload limit. Split it into smaller files.`,
      ),
    };
  }
  if (err.code === 'LIMIT_UNEXPECTED_FILE') {
    return { status: 400, body: failure('bad_input', 'Send exactly one file, in the form field "file".') };
  }
  return { status: 400, body: failure('bad_input', `The upload form is malformed (${err.message}).`) };
}

export function uploadRoutes(deps: AppDeps): Router {
  const r = Router();

  r.post('/admin/upload-questions/', async (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
      refuseUnread(
        req,
        res,
        413,
        `The file is larger than ${MB} MB, the upload limit. Split it into smaller files.`,
      );
      return;
    }
    try {
      const ctx = await createContext(deps, req);
      // The admin check runs before the body is read, so a student cannot make us buffer 5 MB.
      await callProcedure(questions.format, ctx, undefined);
      await parseForm(readForm, req, res);
      const dryRun = ['true', '1', 'yes', 'on'].includes(field(req, 'dry_run')?.toLowerCase() ?? '');
      const answer = await callProcedure(dryRun ? questions.preview : questions.upload, ctx, {
        file_name: req.file?.originalname ?? 'upload',
        file_base64: req.file?.buffer.toString('base64') ?? '',
        quiz_type: field(req, 'quiz_type'),
        program_id: field(req, 'program_id'),
        paper_id: field(req, 'paper_id'),
        topic_id: field(req, 'topic_id'),
        set_id: field(req, 'set_id'),
        school_id: field(req, 'school_id'),
        title: field(req, 'title'),
        time_limit_minutes: field(req, 'time_limit_minutes'),
      });
      res.status(httpStatusOf(answer)).json(answer);
    } catch (err) {
      if (err instanceof multer.MulterError) {
        const { status, body } = formError(err);
        res.status(status).json(body);
        return;
      }
      if (err instanceof MalformedForm) {
        closeAfterAnswer(req, res);
        res
          .status(400)
          .json(
            failure('bad_input', 'The upload form was cut off or is malformed. Please send the file again.'),
          );
        return;
      }
      if (!(err instanceof TRPCError)) return next(err);
      const { status, body: extra } = restFailure(req, err);
      const code = status === 401 || status === 403 ? 'not_allowed' : 'bad_input';
      res.status(status).json({ ...failure(code, String(extra.detail)), ...extra });
    }
  });

  // Public: the template holds no data, and a plain download link cannot carry a bearer token.
  r.get('/admin/upload-template/', async (req, res) => {
    const format = req.query.format === undefined ? 'csv' : req.query.format;
    if (format !== 'csv' && format !== 'xlsx') {
      res.status(400).json({ detail: 'format must be csv or xlsx.' });
      return;
    }
    const file = await templateFile(format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.body);
  });
  return r;
}
