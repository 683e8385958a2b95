// A request whose path holds a broken percent-escape (`/trpc/%E0%A4`) cannot be routed: it is a
// client error, answered 400 here instead of failing deeper down as a 500.
import type { RequestHandler } from 'express';

export function refuseMalformedUrls(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).json({ detail: 'Malformed URL: it contains a broken percent-escape.' });
      return;
    }
    next();
  };
}
