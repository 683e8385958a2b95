// Gzip only where it pays. tRPC streams its answers without a Content-Length, so the
// compression middleware's size threshold never applies: every tiny acknowledgement (one per
// answer tapped in an exam) would pay for setting up a zlib stream. Procedures whose answers are
// always a few hundred bytes go out uncompressed; everything else (question sets, results,
// lists, the client's files) is gzipped for students on prepaid mobile data.
import compression from 'compression';
import type { Request, Response } from 'express';

const SMALL_ANSWERS = new Set([
  'auth.register',
  'auth.login',
  'auth.refresh',
  'auth.logout',
  'auth.verifyEmail',
  'auth.resendVerification',
  'auth.requestPasswordReset',
  'auth.confirmPasswordReset',
  'auth.changePassword',
  'profile.get',
  'profile.update',
  'profile.delete',
  'quiz.info',
  'quiz.saveAnswer',
  'catalog.trail',
  'notifications.markAllRead',
]);

const REST_SAVE_ANSWER = /^\/api\/exams\/quiz\/[^/]+\/answer\/?$/;

export function worthCompressing(req: Request, res: Response): boolean {
  // originalUrl: the filter runs when headers are written, while a mounted router (/trpc) has
  // req.url stripped of its mount path.
  const pathname = req.originalUrl.split('?')[0];
  if (pathname.startsWith('/trpc/')) {
    const procedures = pathname.slice('/trpc/'.length).split(',');
    if (procedures.every((p) => SMALL_ANSWERS.has(p))) return false;
  } else if (REST_SAVE_ANSWER.test(pathname)) {
    return false;
  }
  return compression.filter(req, res);
}

export const compressResponses = () => compression({ filter: worthCompressing });
