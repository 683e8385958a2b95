// The student's daily limit on new review cards (Anki's "new cards/day"): kept on the server, so
// every phone the student uses follows it. Checked with the procedure's own schema first.
import { useState, type FormEvent } from 'react';
import { MAX_NEW_PER_DAY, reviewLimitInput } from '@shared/schemas/review';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export function DailyLimitForm({ current, onSaved }: { current: number; onSaved: () => void }) {
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | undefined>();
  const save = trpc.review.setNewPerDay.useMutation({ onSuccess: onSaved });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.reset();
    const parsed = reviewLimitInput.safeParse({ new_per_day: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onError: (err) => setError(firstServerMessage(err, ['new_per_day'], 'Could not save. Try again.')),
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="daily-limit"
      className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 id="daily-limit" className="font-semibold">
        Daily limit
      </h2>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <TextField
          label="New cards a day"
          className="w-40"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NEW_PER_DAY}
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="secondary" className="mt-6" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Cards you have never reviewed come in at most this many a day (0 to {MAX_NEW_PER_DAY}); cards you are
        already learning always come back when they are due.
      </p>
      {save.isSuccess && <Alert tone="success">Saved: up to {save.data.new_per_day} new cards a day.</Alert>}
    </form>
  );
}
