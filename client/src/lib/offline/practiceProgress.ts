// A downloaded set's practice in progress, kept on the phone as the student goes: a cheap phone
// closes a background tab to free memory, and the checked answers must survive that.
import type { Letter } from '@shared/domain/optionOrder';
import type { AttemptOrder } from './offlineOrder';
import { userStore } from './userStore';

export interface Progress {
  clientId: string;
  startedAt: string;
  order: AttemptOrder;
  /** Shown letters, as the student chose them. */
  answers: Record<number, Letter>;
  checked: number[];
  index: number;
}

const store = userStore<Progress>('progress');

export const savedProgress = (userId: number, setId: number) => store.get(userId, setId);
export const saveProgress = (userId: number, setId: number, progress: Progress) =>
  store.put(userId, setId, progress);
export const dropProgress = (userId: number, setId: number) => store.remove(userId, setId);
export const forgetProgress = (userId: number) => store.forget(userId);
