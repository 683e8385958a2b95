// The matching results a page at a time, with their count.
import { useState } from 'react';
import { buttonClass } from '../../../components/Button';
import type { AdminResult } from '../types';
import { ResultsTable } from './ResultsTable';

const PAGE = 50;
/** admin.results answers with the newest 1000 matches at most (docs/api-contract.md). */
const SERVER_LIMIT = 1000;

export function ResultsList({ results, updating }: { results: AdminResult[]; updating: boolean }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        {results.length} result{results.length === 1 ? '' : 's'}
        {updating && ' (updating…)'}
        {results.length >= SERVER_LIMIT && ' — the newest ones; narrow the filters to see older results.'}
      </p>
      <ResultsTable results={results.slice(0, shown)} />
      {results.length > shown && (
        <button
          type="button"
          className={buttonClass('secondary', 'self-center')}
          onClick={() => setShown(shown + PAGE)}
        >
          Show more ({results.length - shown} left)
        </button>
      )}
    </>
  );
}
