// The REST compatibility shim mounted at /api: the original REST paths (docs/api-contract.md),
// each answered by a tRPC procedure as the route table says (routes.ts, docs/decisions/rest-shim.md).
import { Router } from 'express';
import type { AppDeps } from '../context';
import { restRoutes } from './routes';
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
  for (const route of restRoutes) route.mount(r, deps, readBody);
  // Uploads answer through res.json and send the template file: the compression middleware's job.
  // Every other route answers through the shim, which compresses its own JSON (jsonAnswer.ts).
  r.use(compressResponses(), uploadRoutes(deps));
  r.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return r;
}
