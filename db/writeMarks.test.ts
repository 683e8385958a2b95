// Which writes drop which read-cache entries: a plain insert leaves the entries on existing rows,
// an update or delete named by id only those on its row.
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RootOperationNode,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema';
import { compactMarks, rowOf, rowsOf, unknownRowsOf, writeMarks, writtenTables } from './writeMarks';
import { UNREAD_COLUMNS } from '../server/queries/users';

// Builds queries without a database: only their operation nodes are read.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const marks = (query: { toOperationNode(): RootOperationNode }) =>
  writeMarks(query.toOperationNode(), UNREAD_COLUMNS);
const NOW = '2026-11-27T00:00:00Z';

describe('write marks', () => {
  it('names the table of every kind of write', () => {
    const node = (query: { toOperationNode(): RootOperationNode }) => writtenTables(query.toOperationNode());
    expect(node(db.insertInto('programs').values({ name: 'x' } as never))).toEqual(['programs']);
    expect(node(db.updateTable('users as u').set({ bio: '' }))).toEqual(['users']);
    expect(node(db.deleteFrom('refresh_tokens'))).toEqual(['refresh_tokens']);
    expect(node(db.selectFrom('users').selectAll())).toEqual([]);
  });

  it('marks a plain insert as adding rows only, an upsert or replace as changing rows unknown', () => {
    const insert = () => db.insertInto('programs').values({ name: 'x' } as never);
    const unknown = ['programs', rowsOf('programs'), unknownRowsOf('programs')];
    expect(marks(insert())).toEqual(['programs']);
    expect(marks(insert().onConflict((oc) => oc.doNothing()))).toEqual(['programs']);
    expect(marks(insert().onConflict((oc) => oc.column('name').doUpdateSet({ is_active: 1 })))).toEqual(
      unknown,
    );
    expect(marks(insert().orReplace())).toEqual(unknown);
  });

  it('marks an update or delete by id as changing that row, any other as changing rows unknown', () => {
    expect(marks(db.updateTable('quiz_sessions').set({ submitted_at: NOW }).where('id', '=', 7))).toEqual([
      'quiz_sessions',
      rowsOf('quiz_sessions'),
      rowOf('quiz_sessions', 7),
    ]);
    expect(
      marks(
        db
          .updateTable('quiz_sessions as s')
          .set({ submitted_at: NOW })
          .where('submitted_at', 'is', null)
          .where('s.id', '=', 8),
      ),
    ).toEqual(['quiz_sessions', rowsOf('quiz_sessions'), rowOf('quiz_sessions', 8)]);
    expect(marks(db.deleteFrom('users').where('id', '=', 3))).toEqual([
      'users',
      rowsOf('users'),
      rowOf('users', 3),
    ]);
    const unknown = ['users', rowsOf('users'), unknownRowsOf('users')];
    expect(marks(db.updateTable('users').set({ bio: '' }).where('school_id', '=', 3))).toEqual(unknown);
    expect(marks(db.updateTable('users').set({ bio: '' }).where('id', 'in', [1, 2]))).toEqual(unknown);
    expect(
      marks(
        db
          .updateTable('users')
          .set({ bio: '' })
          .where((eb) => eb.or([eb('id', '=', 1), eb('id', '=', 2)])),
      ),
    ).toEqual(unknown);
    expect(marks(db.deleteFrom('users'))).toEqual(unknown);
  });

  it("leaves the rows' entries for an update of columns no entry reads", () => {
    expect(marks(db.updateTable('refresh_tokens').set({ rotated_at: NOW }).where('id', '=', 4))).toEqual([
      'refresh_tokens',
    ]);
    expect(marks(db.updateTable('refresh_tokens').set({ rotated_at: NOW, revoked_at: NOW }))).toEqual([
      'refresh_tokens',
      rowsOf('refresh_tokens'),
      unknownRowsOf('refresh_tokens'),
    ]);
  });

  it("tells another process at most 50 rows, then the tables' rows as unknown", () => {
    const few = ['users', rowOf('users', 1), rowOf('users', 2)];
    expect(compactMarks(few)).toEqual(few);
    const many = ['quiz_sessions', ...Array.from({ length: 51 }, (_, i) => rowOf('quiz_sessions', i))];
    expect(compactMarks(many)).toEqual(['quiz_sessions', unknownRowsOf('quiz_sessions')]);
  });
});
