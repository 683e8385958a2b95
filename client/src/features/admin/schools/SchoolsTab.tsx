// Schools (the platform admin's): every school with its students and staff, adding and editing
// one (name, region, join code), and the schools users typed that no school matched.
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { trpc } from '../../../lib/trpc';
import { ScrollBox } from '../components/ScrollBox';
import {
  cardClass,
  numberTdClass,
  numberThClass,
  smallButton,
  tableClass,
  tdClass,
  thClass,
} from '../components/ui';
import { messageOf } from '../lib/errors';
import type { School } from '../types';
import { SchoolForm, type SchoolFields } from './SchoolForm';
import { UnmatchedSchools } from './UnmatchedSchools';

type Notice = { tone: 'success' | 'error'; message: string } | null;

function SchoolRow({
  school,
  busy,
  onSave,
}: {
  school: School;
  busy: boolean;
  onSave: (id: number, fields: SchoolFields) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <tr>
        <td colSpan={5} className={tdClass}>
          <SchoolForm
            label={`Edit ${school.name}`}
            submitLabel="Save"
            school={school}
            busy={busy}
            onSubmit={async (fields) => {
              const saved = await onSave(school.id, fields);
              if (saved) setEditing(false);
              return saved;
            }}
            onCancel={() => setEditing(false)}
          />
        </td>
      </tr>
    );
  return (
    <tr>
      <td className={tdClass}>
        <div className="font-medium">{school.name}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">{school.region || 'No region'}</div>
      </td>
      <td className={`${tdClass} font-mono`}>{school.join_code || '—'}</td>
      <td className={numberTdClass}>{school.students}</td>
      <td className={numberTdClass}>{school.staff}</td>
      <td className={tdClass}>
        <button
          type="button"
          className={`${smallButton} border border-slate-300 dark:border-slate-600`}
          aria-label={`Edit ${school.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
      </td>
    </tr>
  );
}

export function SchoolsTab() {
  const utils = trpc.useUtils();
  const schools = trpc.admin.schools.list.useQuery();
  const unmatched = trpc.admin.schools.unmatched.useQuery();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const create = trpc.admin.schools.create.useMutation();
  const update = trpc.admin.schools.update.useMutation();
  const merge = trpc.admin.schools.merge.useMutation();
  const fromText = trpc.admin.schools.createFromText.useMutation();

  /** Runs one change, shows its outcome, and reloads the lists it touches. */
  async function act(work: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', message: await work() });
      await Promise.all([utils.admin.schools.invalidate(), utils.admin.users.invalidate()]);
      return true;
    } catch (err) {
      setNotice({ tone: 'error', message: messageOf(err, 'Could not reach the server. Please try again.') });
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (schools.isPending || unmatched.isPending) return <SkeletonGrid count={3} label="Loading schools…" />;
  if (schools.isError || unmatched.isError)
    return (
      <ErrorPanel
        retryLabel="Retry"
        message="Failed to load schools."
        onRetry={() => void Promise.all([schools.refetch(), unmatched.refetch()])}
      />
    );

  const linked = (n: number, name: string) => `${n} ${n === 1 ? 'user' : 'users'} linked to ${name}.`;

  return (
    <div className="flex flex-col gap-6">
      {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
      <section className={cardClass} aria-labelledby="schools-add">
        <h2 id="schools-add" className="mb-3 font-semibold">
          Add a school
        </h2>
        <SchoolForm
          label="Add a school"
          submitLabel="Add school"
          busy={busy}
          onSubmit={(f) => act(async () => `${(await create.mutateAsync(f)).name} added.`)}
        />
      </section>
      <section aria-labelledby="schools-list" className="flex flex-col gap-2">
        <h2 id="schools-list" className="font-semibold">
          Schools ({schools.data.length})
        </h2>
        <ScrollBox
          label="Schools list"
          className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
        >
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>School</th>
                <th className={thClass}>Join code</th>
                <th className={numberThClass}>Students</th>
                <th className={numberThClass}>Staff</th>
                <th className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {schools.data.map((s) => (
                <SchoolRow
                  key={s.id}
                  school={s}
                  busy={busy}
                  onSave={(id, f) =>
                    act(async () => `${(await update.mutateAsync({ id, ...f })).name} saved.`)
                  }
                />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </section>
      <section aria-labelledby="schools-unmatched" className="flex flex-col gap-2">
        <h2 id="schools-unmatched" className="font-semibold">
          Schools typed by users that match no school
        </h2>
        <UnmatchedSchools
          rows={unmatched.data}
          schools={schools.data}
          busy={busy}
          onMerge={(text, school_id) =>
            void act(async () => {
              const r = await merge.mutateAsync({ text, school_id });
              return linked(r.linked, r.school.name);
            })
          }
          onCreate={(text) =>
            void act(async () => {
              const r = await fromText.mutateAsync({ text });
              return `${r.school.name} added. ${linked(r.linked, r.school.name)}`;
            })
          }
        />
      </section>
    </div>
  );
}
