// Compress where it pays: answers over 1 KB (question sets, results, admin lists, the client's files).
// Smaller answers go out plain, since compressing costs more CPU than the rest of a small read.
// The middleware needs a Content-Length for the threshold; tRPC's own adapter streams without
// one, so the few calls it still answers (streaming links, malformed requests) are compressed
// whatever their size.
import zlib from 'node:zlib';
import compression from 'compression';

export const COMPRESS_THRESHOLD = 1024;

// Browsers ask for brotli first. Low levels of either encoding take about half the CPU of the
// defaults for a few percent more bytes (docs/performance.md), on a server where a whole class
// starts the same mock at once.
export const GZIP_LEVEL = 2;
export const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  // A 256 KB window instead of 4 MB: each brotli stream allocates its window outside the JS heap,
  // and 4 MB per answer made V8 collect garbage constantly (docs/performance.md). Answers this
  // large are rare; for them only the ratio suffers a little.
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

// JSON answers (/trpc and /api) take the fastest settings of either encoding: a 100-question mock
// start is a little larger than at brotli quality 2, for far less CPU (docs/performance.md),
// on a server where a whole class starts the same mock at once. The client's files keep the
// settings above: they are sent once and then cached, so their bytes matter more.
export const JSON_GZIP_LEVEL = 1;
export const JSON_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
};

export const compressResponses = () =>
  compression({ threshold: COMPRESS_THRESHOLD, level: GZIP_LEVEL, brotli: { params: BROTLI_PARAMS } });

/** For the JSON answers of /trpc and /api. */
export const compressJsonResponses = () =>
  compression({ threshold: COMPRESS_THRESHOLD, level: JSON_GZIP_LEVEL, brotli: { params: JSON_BROTLI_PARAMS } });
