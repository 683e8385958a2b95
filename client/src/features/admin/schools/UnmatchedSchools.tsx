// What students typed as their school that no school record matched: merge each spelling into a
// school (its users are linked; what they typed stays) or make a school of it.
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ScrollBox } from '../components/ScrollBox';
import { smallButton, tableClass, tdClass, thClass, numberThClass, numberTdClass } from '../components/ui';
import type { School, UnmatchedSchool } from '../types';

function UnmatchedRow({
  row,
  schools,
  busy,
  onMerge,
  onCreate,
}: {
  row: UnmatchedSchool;
  schools: School[];
  busy: boolean;
  onMerge: (text: string, schoolId: number) => void;
  onCreate: (text: string) => void;
}) {
  const [target, setTarget] = useState('');
  const selectId = useId();
  return (
    <tr>
      <td className={`${tdClass} [overflow-wrap:anywhere]`}>{row.text}</td>
      <td className={numberTdClass}>{row.users}</td>
      <td className={tdClass}>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={selectId}>
            Merge {row.text} into
          </label>
          <select
            id={selectId}
            className="max-w-64 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">Merge into…</option>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={`${smallButton} border border-slate-300 dark:border-slate-600`}
            disabled={busy || !target}
            aria-label={`Merge ${row.text}`}
            onClick={() => onMerge(row.text, Number(target))}
          >
            Merge
          </button>
          <button
            type="button"
            className={`${smallButton} border border-slate-300 dark:border-slate-600`}
            disabled={busy}
            aria-label={`Create a school from ${row.text}`}
            onClick={() => onCreate(row.text)}
          >
            Create school
          </button>
        </div>
      </td>
    </tr>
  );
}

export function UnmatchedSchools(props: {
  rows: UnmatchedSchool[];
  schools: School[];
  busy: boolean;
  onMerge: (text: string, schoolId: number) => void;
  onCreate: (text: string) => void;
}) {
  if (!props.rows.length)
    return (
      <EmptyState title="Every typed school is matched" message="Each user’s school names a school record." />
    );
  return (
    <ScrollBox
      label="Schools typed by users"
      className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
    >
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={thClass}>Typed school</th>
            <th className={numberThClass}>Users</th>
            <th className={thClass}>Link to a school</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {props.rows.map((row) => (
            <UnmatchedRow key={row.text} row={row} {...props} />
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
