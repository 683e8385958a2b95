// The signed-in user's notifications (the bell and its unread dot).
import { countUnread, listNotifications, markAllRead } from '../queries/notifications';
import { authedProcedure, router } from '../trpc';

export const notificationsRouter = router({
  list: authedProcedure.query(async ({ ctx }) => ({
    items: await listNotifications(ctx.db, ctx.user.id),
    unread: await countUnread(ctx.db, ctx.user.id),
  })),

  markAllRead: authedProcedure.mutation(async ({ ctx }) => {
    await markAllRead(ctx.db, ctx.user.id, new Date().toISOString());
    return { unread: 0 as const };
  }),
});
