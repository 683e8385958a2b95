// Gzip where it pays: answers over 1 KB (question sets, results, admin lists, the client's files).
// Smaller answers go out plain, since setting up a zlib stream costs more CPU than the rest of a
// small read. The threshold needs a Content-Length, which Express's res.json and the lean tRPC
// front (trpcHttp.ts) set; tRPC's own adapter streams without one, so the few calls it still
// answers (streaming links, malformed requests) are gzipped whatever their size.
import compression from 'compression';

// Level 2, not zlib's default 6: a 100-question mock as quiz.start sends it (26 KB of JSON) gzips
// to 9.3 KB in 245 µs instead of 8.7 KB in 476 µs. Half the CPU of every large answer for 7% more
// bytes, on a server where a whole class starts the same mock at once.
export const compressResponses = () => compression({ threshold: 1024, level: 2 });
