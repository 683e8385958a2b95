// A key-value store in IndexedDB (idb-keyval) whose records belong to one user each: the key is
// [user id, record id], so a second student on the same phone never reads the first one's.
import { createStore, del, delMany, entries, get, keys, set, type UseStore } from 'idb-keyval';

export interface UserStore<T> {
  get(userId: number, id: IDBValidKey): Promise<T | undefined>;
  put(userId: number, id: IDBValidKey, value: T): Promise<void>;
  remove(userId: number, id: IDBValidKey): Promise<void>;
  all(userId: number): Promise<T[]>;
  forget(userId: number): Promise<void>;
  /** Deletes the records of every user but this one. */
  forgetOthers(userId: number): Promise<void>;
}

/** One database per kind of record: idb-keyval keeps one object store per database. */
export function userStore<T>(name: string): UserStore<T> {
  let store: UseStore | null = null;
  // Opened on first use, so importing the module costs nothing.
  const db = () => (store ??= createStore(`nmc-${name}`, 'records'));
  const mine = async (userId: number) =>
    (await entries<[number, IDBValidKey], T>(db())).filter(([key]) => key[0] === userId);
  const deleteWhere = async (owned: (owner: number) => boolean) =>
    delMany(
      (await keys<[number, IDBValidKey]>(db())).filter(([owner]) => owned(owner)),
      db(),
    );
  return {
    get: (userId, id) => get<T>([userId, id], db()),
    put: (userId, id, value) => set([userId, id], value, db()),
    remove: (userId, id) => del([userId, id], db()),
    all: async (userId) => (await mine(userId)).map(([, value]) => value),
    forget: (userId) => deleteWhere((owner) => owner === userId),
    forgetOthers: (userId) => deleteWhere((owner) => owner !== userId),
  };
}
