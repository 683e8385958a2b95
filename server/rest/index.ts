// The REST compatibility shim mounted at /api: the original REST paths
// (docs/api-contract.md), each answered by the same tRPC procedures (docs/decisions/rest-shim.md).
import { Router } from 'express';
import type { AppDeps } from '../context';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { examRoutes } from './exams';
import { uploadRoutes } from './upload';
import { compressJsonResponses } from '../http/compression';
import { databaseAnswers } from '../services/systemInfo';
import type { BodyReaders } from './shim';

export function restRouter(deps: AppDeps, readBody: BodyReaders): Router {
  const r = Router();
  // Answers over 1 KB go out compressed, with the settings chosen for JSON.
  r.use(compressJsonResponses());
  r.get('/health', async (_req, res) => {
    if (await databaseAnswers(deps.db)) res.json({ status: 'ok', database: 'ok' });
    else res.status(503).json({ status: 'error', database: 'unavailable' });
  });
  // Exam paths first: during an exam nearly every request is one of them, and Express tries each
  // route in order (the groups' paths do not overlap, so the order changes no answer).
  r.use(examRoutes(deps, readBody));
  r.use(accountRoutes(deps, readBody));
  r.use(adminRoutes(deps, readBody));
  r.use(uploadRoutes(deps));
  r.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return r;
}
