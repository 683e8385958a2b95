// REST paths of the exam part, each a thin call into the catalog, quiz, results and
// notifications procedures. Path ids stay strings: the procedures' schemas coerce them.
import { Router } from 'express';
import type { AppDeps } from '../context';
import { body, call, type BodyReaders } from './shim';

export function examRoutes(deps: AppDeps, readBody: BodyReaders): Router {
  const r = Router();
  r.get(
    '/exams/programs/',
    call(deps, (c) => c.catalog.programs()),
  );
  r.get(
    '/exams/programs/:id/papers/',
    call(deps, (c, req) => c.catalog.papers({ programId: req.params.id } as never)),
  );
  r.get(
    '/exams/papers/:id/topics/',
    call(deps, (c, req) => c.catalog.topics({ paperId: req.params.id } as never)),
  );
  r.get(
    '/exams/topics/:id/practice-sets/',
    call(deps, (c, req) => c.catalog.practiceSets({ topicId: req.params.id } as never)),
  );
  r.get(
    '/exams/papers/:id/mock-exams/',
    call(deps, (c, req) => c.catalog.mockExams({ paperId: req.params.id } as never)),
  );

  r.post(
    '/exams/quiz/start/',
    readBody('quiz.start'),
    call(deps, (c, req) => c.quiz.start(body(req) as never)),
  );
  r.get(
    '/exams/quiz/:id/',
    call(deps, (c, req) => c.quiz.resume({ session_id: req.params.id } as never)),
  );
  r.post(
    '/exams/quiz/:id/answer/',
    readBody('quiz.saveAnswer'),
    call(deps, (c, req) => c.quiz.saveAnswer({ ...body(req), session_id: req.params.id } as never)),
  );
  r.post(
    '/exams/quiz/:id/flag/',
    readBody('quiz.setFlag'),
    call(deps, (c, req) => c.quiz.setFlag({ ...body(req), session_id: req.params.id } as never)),
  );
  r.post(
    '/exams/quiz/:id/submit/',
    readBody('quiz.submit'),
    call(deps, (c, req) => c.quiz.submit({ ...body(req), session_id: req.params.id } as never)),
  );

  r.get(
    '/exams/results/',
    call(deps, (c) => c.results.list()),
  );
  r.get(
    '/exams/results/:id/',
    call(deps, (c, req) => c.results.byId({ id: req.params.id } as never)),
  );

  r.get(
    '/notifications/',
    call(deps, (c) => c.notifications.list()),
  );
  r.post(
    '/notifications/mark-all-read/',
    readBody('notifications.markAllRead'),
    call(deps, (c) => c.notifications.markAllRead()),
  );
  return r;
}
