// /downloads: the practice sets kept on this phone, their sizes and the total
// against the 20 MB limit; practise one with no signal, or delete it.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, plural } from '@shared/domain/display';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { useSession } from '../../lib/session';
import { deleteSet, DOWNLOAD_LIMIT_BYTES, downloadedSets, formatSize, type StoredSet } from '../../lib/offline/downloads';
import { itemName } from '../../lib/itemName';

export default function DownloadsPage() {
  const userId = useSession().user?.id ?? 0;
  const [sets, setSets] = useState<StoredSet[] | null>(null);
  const reload = useCallback(() => void downloadedSets(userId).then(setSets), [userId]);
  useEffect(reload, [reload]);

  const total = (sets ?? []).reduce((sum, s) => sum + s.bytes, 0);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Downloads</h1>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-300">
        Practice sets on this phone, to practise with no signal. Mock exams need a connection and cannot be
        downloaded.
      </p>
      {sets === null ? null : sets.length === 0 ? (
        <EmptyState
          title="No Downloads Yet"
          message="Open a topic's practice sets and press Download to keep a set on this phone."
        >
          <Link to="/practice-tests" className={buttonClass('primary')}>
            Find Practice Sets
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-200" data-testid="downloads-total">
            {plural(sets.length, 'set')} · {formatSize(total)} of {formatSize(DOWNLOAD_LIMIT_BYTES)}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sets.map(({ set, bytes }) => (
              <li
                key={set.id}
                className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
              >
                <h2 className="font-semibold">{set.title}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {plural(set.questions.length, 'question')} · {formatSize(bytes)}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Downloaded {formatDateTime(set.downloaded_at)}
                </p>
                <div className="mt-auto flex gap-2 pt-4">
                  <Link
                    to={`/downloads/${set.id}/practice`}
                    className={buttonClass('primary', 'flex-1')}
                    aria-label={itemName('Practise', set.title)}
                  >
                    Practise
                  </Link>
                  <Button
                    variant="secondary"
                    onClick={() => void deleteSet(userId, set.id).then(reload)}
                    aria-label={itemName('Delete', set.title)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
