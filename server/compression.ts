// Gzip where it pays: answers over 1 KB (question sets, results, admin lists, the client's files).
// Smaller answers go out plain, since setting up a zlib stream costs more CPU than the rest of a
// small read. The threshold needs a Content-Length, which Express's res.json and the lean tRPC
// front (trpcHttp.ts) set; tRPC's own adapter streams without one, so the few calls it still
// answers (streaming links, malformed requests) are gzipped whatever their size.
import compression from 'compression';

export const compressResponses = () => compression({ threshold: 1024 });
