// Signing out clears what the phone kept for the student offline (downloads, last copies, a
// practice in progress). The attempts still waiting stay: they go when the same student signs
// in again.
import { forgetDownloads } from './downloads';
import { forgetCopies } from './lastCopies';
import { forgetProgress } from './practiceProgress';

export async function forgetUser(userId: number): Promise<void> {
  await Promise.all([forgetDownloads(userId), forgetCopies(userId), forgetProgress(userId)]);
}
