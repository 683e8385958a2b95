// What a write changes, in the terms read-cache entries depend on (readCache.ts). An entry depends
// on a table (any write to it), on rowsOf(table) (the rows it already holds, read by any key) or on
// rowOf(table, id) (one row, read by its id). A plain insert only adds rows, so it leaves the
// entries on rows; an update or delete that names its row by id leaves the entries on other rows.
// So neither a classmate's start (an insert into quiz_sessions) nor their submit (an update of
// their own session) sends every other student's next answer save back to the database.
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  OperatorNode,
  ParensNode,
  ReferenceNode,
  TableNode,
  UpdateQueryNode,
  ValueNode,
  type OperationNode,
  type RootOperationNode,
} from 'kysely';

/** Per table, columns no cached entry reads: an update setting only these changes no entry. */
export type UnreadColumns = Readonly<Record<string, readonly string[]>>;

const ROWS = '#rows';
const ROW = '#row:';
/** Some rows changed, which ones unknown: every rowOf entry of the table goes. */
const UNKNOWN_ROWS = '#unknown-rows';

/** A dependency on the rows `table` already holds, read by any key (not on rows added later). */
export function rowsOf(table: string): string {
  return table + ROWS;
}

/** A dependency on the row of `table` whose id is `id`. */
export function rowOf(table: string, id: number): string {
  return `${table}${ROW}${id}`;
}

/** The table a dependency or a mark is about. */
export function tableOf(name: string): string {
  const at = name.indexOf('#');
  return at < 0 ? name : name.slice(0, at);
}

/** Whether a dependency is on existing rows only (rowsOf, rowOf): an entry that found nothing is not kept. */
export function isOnRows(dependency: string): boolean {
  return dependency.includes('#');
}

/** Whether a mark names one row (rowOf). */
export function isRowMark(mark: string): boolean {
  return mark.includes(ROW);
}

/** The mark that drops a dependency besides its own name: for rowOf, its table's unknown rows. */
export function alsoDroppedBy(dependency: string): string | null {
  return isRowMark(dependency) ? unknownRowsOf(tableOf(dependency)) : null;
}

/** The mark of rows of `table` changed, which ones unknown (not by id, or row marks forgotten). */
export function unknownRowsOf(table: string): string {
  return table + UNKNOWN_ROWS;
}

function tableName(node: OperationNode | undefined): string | null {
  if (node && TableNode.is(node)) return node.table.identifier.name;
  // `update t as x`: the table sits inside an AliasNode.
  if (node && AliasNode.is(node)) return tableName(node.node);
  return null;
}

const named = (t: string | null): t is string => t !== null;

/** The tables an insert, update or delete writes (cascades are covered by callers' table lists). */
export function writtenTables(node: RootOperationNode): string[] {
  if (InsertQueryNode.is(node)) return [tableName(node.into)].filter(named);
  if (UpdateQueryNode.is(node)) return [tableName(node.table)].filter(named);
  if (DeleteQueryNode.is(node)) return node.from.froms.map(tableName).filter(named);
  return [];
}

function columnName(node: OperationNode): string | null {
  if (ColumnNode.is(node)) return node.column.name;
  // A reference (`id` or `s.id` in a where) holds the ColumnNode.
  if (ReferenceNode.is(node) && ColumnNode.is(node.column)) return node.column.column.name;
  return null;
}

/**
 * The id a single-table update or delete is pinned to by a top-level `id = value` of its where, or
 * null (no such condition, or other tables joined in, whose own ids it could name).
 */
function pinnedId(node: UpdateQueryNode | DeleteQueryNode): number | null {
  const single = UpdateQueryNode.is(node) ? !node.from : node.from.froms.length === 1 && !node.using;
  if (!single || node.joins?.length || !node.where) return null;
  const conditions: OperationNode[] = [node.where.where];
  for (let c = conditions.pop(); c; c = conditions.pop()) {
    if (AndNode.is(c)) conditions.push(c.left, c.right);
    else if (ParensNode.is(c)) conditions.push(c.node);
    else if (
      BinaryOperationNode.is(c) &&
      OperatorNode.is(c.operator) &&
      c.operator.operator === '=' &&
      columnName(c.leftOperand) === 'id' &&
      ValueNode.is(c.rightOperand) &&
      Number.isInteger(c.rightOperand.value)
    )
      return c.rightOperand.value as number;
  }
  return null;
}

/** Whether a write may change rows the table held before it: anything but a plain insert. */
function changesExistingRows(node: RootOperationNode, table: string, unread: UnreadColumns): boolean {
  if (InsertQueryNode.is(node)) {
    const replaces = node.replace || node.orAction?.action === 'replace';
    const upserts = node.onConflict !== undefined && !node.onConflict.doNothing;
    return replaces || upserts || node.onDuplicateKey !== undefined;
  }
  if (UpdateQueryNode.is(node)) {
    const skip = new Set(unread[table] ?? []);
    const columns = (node.updates ?? []).map((u) => columnName(u.column));
    return columns.length === 0 || columns.some((c) => c === null || !skip.has(c));
  }
  return true;
}

/**
 * What a write changes: the table itself; when it may change rows the table held, rowsOf(table)
 * too, and the row it names by id (rowOf), or, naming none, that rows unknown changed.
 */
export function writeMarks(node: RootOperationNode, unread: UnreadColumns = {}): string[] {
  return writtenTables(node).flatMap((table) => {
    if (!changesExistingRows(node, table, unread)) return [table];
    const id = UpdateQueryNode.is(node) || DeleteQueryNode.is(node) ? pinnedId(node) : null;
    return [table, rowsOf(table), id === null ? unknownRowsOf(table) : rowOf(table, id)];
  });
}

/**
 * The marks of a transaction as another process is told them: past `maxRows` single rows, the rows
 * of their tables as unknown (a NOTIFY payload stays small whatever a transaction writes).
 */
export function compactMarks(marks: Iterable<string>, maxRows = 50): string[] {
  const all = [...marks];
  const rows = all.filter(isRowMark);
  if (rows.length <= maxRows) return all;
  const tables = new Set(rows.map(tableOf));
  return [...all.filter((m) => !isRowMark(m)), ...[...tables].map(unknownRowsOf)];
}
