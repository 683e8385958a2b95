// REST paths of the admin area and the content-management paths beside them, each a
// thin call into the admin procedures. Query strings and path ids arrive as strings: the
// procedures' schemas coerce them.
import { Router } from 'express';
import type { AppDeps } from '../context';
import { body, call, type BodyReaders } from './shim';

export function adminRoutes(deps: AppDeps, readBody: BodyReaders): Router {
  const r = Router();
  r.get(
    '/admin/users/',
    call(deps, (c, req) => c.admin.users(req.query as never)),
  );
  r.get(
    '/admin/stats/',
    call(deps, (c) => c.admin.stats()),
  );
  r.get(
    '/admin/results/',
    call(deps, (c, req) => c.admin.results(req.query as never)),
  );
  r.get(
    '/admin/content/',
    call(deps, (c) => c.admin.content()),
  );
  r.get(
    '/admin/system/',
    call(deps, (c) => c.admin.system()),
  );

  r.post(
    '/admin/programs/',
    readBody('admin.createProgram'),
    call(deps, (c, req) => c.admin.createProgram(body(req) as never), 201),
  );
  r.patch(
    '/admin/programs/:id/',
    readBody('admin.updateProgram'),
    call(deps, (c, req) => c.admin.updateProgram({ ...body(req), id: req.params.id } as never)),
  );
  r.post(
    '/admin/papers/',
    readBody('admin.createPaper'),
    call(deps, (c, req) => c.admin.createPaper(body(req) as never), 201),
  );
  r.patch(
    '/admin/papers/:id/',
    readBody('admin.updatePaper'),
    call(deps, (c, req) => c.admin.updatePaper({ ...body(req), id: req.params.id } as never)),
  );
  r.post(
    '/admin/topics/',
    readBody('admin.createTopic'),
    call(deps, (c, req) => c.admin.createTopic(body(req) as never), 201),
  );
  r.patch(
    '/admin/topics/:id/',
    readBody('admin.updateTopic'),
    call(deps, (c, req) => c.admin.updateTopic({ ...body(req), id: req.params.id } as never)),
  );
  r.post(
    '/admin/practice-sets/',
    readBody('admin.createPracticeSet'),
    call(deps, (c, req) => c.admin.createPracticeSet(body(req) as never), 201),
  );
  r.patch(
    '/admin/practice-sets/:id/',
    readBody('admin.updatePracticeSet'),
    call(deps, (c, req) => c.admin.updatePracticeSet({ ...body(req), id: req.params.id } as never)),
  );
  r.post(
    '/admin/mock-exams/',
    readBody('admin.createMockExamSet'),
    call(deps, (c, req) => c.admin.createMockExamSet(body(req) as never), 201),
  );
  r.patch(
    '/admin/mock-exams/:id/',
    readBody('admin.updateMockExamSet'),
    call(deps, (c, req) => c.admin.updateMockExamSet({ ...body(req), id: req.params.id } as never)),
  );
  return r;
}
