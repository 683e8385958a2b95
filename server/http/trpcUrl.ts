// tRPC's URL format, read the way tRPC's own adapter reads it, for everything that has to know
// which procedures a /trpc request calls before tRPC does (the lean front, the body rules): if
// they read it differently, a request could be checked against one procedure and run another.
//
//   /trpc/catalog.papers?input={"programId":1}              one query, its input as JSON
//   /trpc/quiz.saveAnswer                                  one mutation, its input is the body
//   /trpc/catalog.programs,catalog.papers?batch=1&input=…  a batch: inputs keyed by call index

export interface TrpcUrl {
  /** The procedures called, in order: one, or each of a batch. */
  paths: string[];
  /** `?batch=1`: the inputs come as one object keyed by each call's index ("0", "1", …). */
  batch: boolean;
  /** A GET call's input as JSON text (the `input` parameter), or null when there is none. */
  input: string | null;
  /** Every query parameter, for what else a reader needs (`connectionParams`). */
  params: URLSearchParams;
}

/**
 * Reads the address of a tRPC call: what follows the /trpc mount (Express's `req.url` there) or a
 * whole URL. The last path segment, percent-decoded, names the procedure, or with `batch=1` the
 * comma-separated procedures of a batch; a repeated parameter counts by its first value, as in
 * tRPC. Null when that segment holds a broken percent-escape.
 */
export function readTrpcUrl(url: string): TrpcUrl | null {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  let endpoint: string;
  try {
    endpoint = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
  } catch {
    return null;
  }
  const batch = params.get('batch') === '1';
  return { paths: batch ? endpoint.split(',') : [endpoint], batch, input: params.get('input'), params };
}
