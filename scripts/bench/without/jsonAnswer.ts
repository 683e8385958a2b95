// What server/http/jsonAnswer.ts would be without its one-piece writer, for the bench's
// `--compare json-answer`: Express's res.json behind the compression middleware, with the same
// threshold and the same JSON settings, as the app would send its answers without the mechanism.
import type { Request, Response } from 'express';
import compression from 'compression';
import { COMPRESS_THRESHOLD, JSON_BROTLI_PARAMS, JSON_GZIP_LEVEL } from '../../../server/http/compression';
import type { sendJson as appSendJson } from '../../../server/http/jsonAnswer';

const compress = compression({
  threshold: COMPRESS_THRESHOLD,
  level: JSON_GZIP_LEVEL,
  brotli: { params: JSON_BROTLI_PARAMS },
});

export const sendJson: typeof appSendJson = (req: Request, res: Response, value: unknown) => {
  compress(req, res, () => {
    res.json(value);
  });
};
