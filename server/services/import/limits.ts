// Server-side limits of the question import, beyond the format rules in shared/domain/questionFormat.ts.

/** Columns read per row: the template has 7; more means a stray range, not questions. */
export const MAX_COLUMNS = 64;

/**
 * .xlsx zip guard: what the unpacked workbook may add up to, and how many parts it may have: just
 * above what a sheet at the row limit unpacks to, far below what a zip bomb took the server to
 * before this ceiling (docs/performance.md, "Imports under attack").
 */
export const MAX_UNZIPPED_BYTES = 12 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 1000;

/** The parser worker: heap ceiling and wall-clock limit. */
export const PARSE_HEAP_MB = 256;
export const PARSE_TIMEOUT_MS = 20_000;
/** Parser workers alive at once: each may use up to PARSE_HEAP_MB, so uploads queue beyond this. */
export const MAX_PARALLEL_PARSES = 2;
/**
 * Parser workers kept alive between parses, SheetJS and papaparse loaded, so an upload does not
 * pay for a thread start and a cold library load. A worker whose heap after a parse is above
 * PARSE_RECYCLE_HEAP_MB (garbage included: what it would keep resident while idle) is replaced.
 */
export const WARM_PARSE_WORKERS = 1;
export const PARSE_RECYCLE_HEAP_MB = 64;

/** Rows echoed back in a dry run or a successful upload. */
export const PREVIEW_ROWS = 5;
/** Failing rows listed in one answer; the message gives the full count. */
export const MAX_ROW_ERRORS = 500;
/**
 * Warnings listed in one answer (warning_count gives them all). Re-uploading a large file would
 * otherwise warn once per row: 10,000 lines (700 KB) that nobody reads on a phone.
 */
export const MAX_WARNINGS = 500;
