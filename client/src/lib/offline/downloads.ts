// Practice sets downloaded to the phone: questions, keys and explanations of
// practice sets only, per student, at most 20 MB in all.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { userStore } from './userStore';

export type DownloadedSet = inferRouterOutputs<AppRouter>['offline']['downloadSet'];

export interface StoredSet {
  set: DownloadedSet;
  /** Bytes of the stored JSON: what the downloads list shows and the limit counts. */
  bytes: number;
}

/** A cheap phone's storage is shared with photos and chats: all downloads stay under this. */
export const DOWNLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

const store = userStore<StoredSet>('downloads');

export const sizeOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export async function downloadedSets(userId: number): Promise<StoredSet[]> {
  const sets = await store.all(userId);
  return sets.sort((a, b) => a.set.title.localeCompare(b.set.title));
}

export const downloadedSet = (userId: number, setId: number) => store.get(userId, setId);

export class OverLimitError extends Error {}

/** Keeps a set unless it would take the downloads over the limit (a new copy replaces the old). */
export async function keepSet(userId: number, set: DownloadedSet): Promise<StoredSet> {
  const bytes = sizeOf(set);
  const others = (await store.all(userId)).filter((s) => s.set.id !== set.id);
  const total = others.reduce((sum, s) => sum + s.bytes, 0) + bytes;
  if (total > DOWNLOAD_LIMIT_BYTES) {
    throw new OverLimitError(
      'Not enough room: downloads are limited to 20 MB. Delete a downloaded set first.',
    );
  }
  const stored = { set, bytes };
  await store.put(userId, set.id, stored);
  return stored;
}

export const deleteSet = (userId: number, setId: number) => store.remove(userId, setId);
export const forgetDownloads = (userId: number) => store.forget(userId);

/** "38 KB", "1.2 MB": what a student reads about their phone's storage. */
export function formatSize(bytes: number): string {
  // A few hundred bytes still read as 1 KB: "0 KB" would look like an empty download.
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
