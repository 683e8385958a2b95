// The REST compatibility shim mounted at /api: the original REST paths
// (docs/api-contract.md), each answered by the same tRPC procedures (docs/decisions/rest-shim.md).
import { Router } from 'express';
import type { AppDeps } from '../context';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { examRoutes } from './exams';
import { uploadRoutes } from './upload';
import { compressResponses } from '../http/compression';
import { databaseAnswers } from '../services/systemInfo';
import type { BodyReaders } from './shim';

export function restRouter(deps: AppDeps, readBody: BodyReaders): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    if (await databaseAnswers(deps.db)) res.json({ status: 'ok', database: 'ok' });
    else res.status(503).json({ status: 'error', database: 'unavailable' });
  });
  // Exam paths first: during an exam nearly every request is one of them, and Express tries each
  // route in order (the groups' paths do not overlap, so the order changes no answer).
  r.use(examRoutes(deps, readBody));
  r.use(accountRoutes(deps, readBody));
  r.use(adminRoutes(deps, readBody));
  // Uploads answer through res.json and send the template file: the compression middleware's job.
  // Every other route answers through the shim, which compresses its own JSON (jsonAnswer.ts).
  r.use(compressResponses(), uploadRoutes(deps));
  r.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return r;
}
