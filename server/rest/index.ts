// The REST compatibility shim mounted at /api: the original REST paths (docs/api-contract.md),
// each answered by a tRPC procedure as the route table says (routes.ts, docs/decisions/rest-shim.md).
import { Router } from 'express';
import type { AppDeps } from '../context';
import { restRoutes } from './routes';
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
  for (const route of restRoutes) route.mount(r, deps, readBody);
  r.use(uploadRoutes(deps));
  r.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return r;
}
