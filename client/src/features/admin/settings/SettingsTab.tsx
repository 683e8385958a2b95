// Settings: what the school's IT person needs at a glance: the app's version, the database's
// state and size, and the last backup.
import type { ReactNode } from 'react';
import Archive from 'lucide-react/icons/archive';
import Database from 'lucide-react/icons/database';
import Info from 'lucide-react/icons/info';
import { trpc } from '../../../lib/trpc';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { cardClass } from '../components/ui';
import { formatBytes, formatDateTime } from '../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="w-40 shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

export function SettingsTab() {
  const system = trpc.admin.system.useQuery();
  if (system.isPending) return <SkeletonGrid count={3} label="Loading system information…" />;
  if (system.isError)
    return (
      <ErrorPanel
        retryLabel="Retry"
        message="Failed to load system information."
        onRetry={() => system.refetch()}
      />
    );
  const { version, database, last_backup: backup } = system.data;
  const connected = database.status === 'Connected';

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <section className={cardClass} aria-labelledby="system-info">
        <h2 id="system-info" className="mb-2 flex items-center gap-2 font-semibold">
          <Info className="h-4 w-4" aria-hidden="true" /> System
        </h2>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          <Row label="Version">{version}</Row>
        </dl>
      </section>
      <section className={cardClass} aria-labelledby="system-db">
        <h2 id="system-db" className="mb-2 flex items-center gap-2 font-semibold">
          <Database className="h-4 w-4" aria-hidden="true" /> Database
        </h2>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          <Row label="Status">
            <span
              className={connected ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}
            >
              {database.status}
            </span>
          </Row>
          <Row label="Size">{formatBytes(database.size_bytes)}</Row>
          <Row label="File">
            <span className="font-mono text-xs">{database.file}</span>
          </Row>
        </dl>
      </section>
      <section className={`${cardClass} md:col-span-2`} aria-labelledby="system-backup">
        <h2 id="system-backup" className="mb-2 flex items-center gap-2 font-semibold">
          <Archive className="h-4 w-4" aria-hidden="true" /> Backups
        </h2>
        {backup ? (
          <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            <Row label="Last backup">{formatDateTime(backup.created_at)}</Row>
            <Row label="Size">{formatBytes(backup.size_bytes)}</Row>
            <Row label="File">
              <span className="font-mono text-xs">{backup.file_path}</span>
            </Row>
          </dl>
        ) : (
          <div className="text-sm">
            <p className="font-medium">No backup taken yet</p>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              Take one on the server with{' '}
              <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">npm run backup</code>. It copies
              the live database safely while the app keeps running.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
