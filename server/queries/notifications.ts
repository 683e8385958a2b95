// SQL of a user's notifications (the bell in the top bar).
import type { DB } from '../../db/client';

/** The bell shows recent items; older ones are not worth a long list. */
const LIST_LIMIT = 50;

export async function listNotifications(db: DB, userId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(({ read_at, ...n }) => ({ ...n, read: read_at !== null }));
}

export async function countUnread(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markAllRead(db: DB, userId: number, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}
