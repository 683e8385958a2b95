// The REST compatibility shim mounted at /api: the original paths of SPEC 7.
import { Router } from 'express';
import type { AppDeps } from '../context';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { examRoutes } from './exams';
import { uploadRoutes } from './upload';

export function restRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    try {
      await deps.db.selectFrom('users').select('id').limit(1).execute();
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', database: 'unavailable' });
    }
  });
  r.use(accountRoutes(deps));
  r.use(examRoutes(deps));
  r.use(adminRoutes(deps));
  r.use(uploadRoutes(deps));
  r.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return r;
}
