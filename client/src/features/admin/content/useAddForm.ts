// State of one add form: the local validation problem or server message, and the success note.
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import type { Cascade, Level } from '../hooks/useCascade';
import { messageOf } from '../lib/errors';

/** The first choice down to `depth` that is still missing, as the add forms word it. */
export function missingChoice(pick: Cascade, depth: Level): string | null {
  if (!pick.programId) return 'Choose a program.';
  if (depth !== 'program' && !pick.paperId) return 'Choose a paper.';
  if (depth === 'topic' && !pick.topicId) return 'Choose a topic.';
  return null;
}

export function useAddForm() {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  /** Runs the call unless `invalid` names a problem; refreshes the lists and counts after. */
  async function submit(
    invalid: string | null,
    call: () => Promise<unknown>,
    done: string,
    reset: () => void,
  ) {
    setSuccess(null);
    setProblem(invalid);
    if (invalid) return;
    try {
      await call();
      reset();
      setSuccess(done);
      await Promise.all([utils.admin.content.invalidate(), utils.admin.stats.invalidate()]);
    } catch (err) {
      setProblem(messageOf(err, 'Could not add it. Please try again.'));
    }
  }

  return { problem, success, submit };
}
