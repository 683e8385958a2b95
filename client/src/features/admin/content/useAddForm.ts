// State of one add form: the local validation problem or server message, and the success note.
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { messageOf } from '../lib/errors';

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
