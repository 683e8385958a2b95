// Class Mocks: schedule a mock for the school (or one programme) between two times, see the
// scheduled ones, and open one's live board.
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@shared/domain/display';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { trpc } from '../../../lib/trpc';
import { Loaded } from '../components/Loaded';
import { Select } from '../components/Select';
import { cardClass, smallButton, tableClass, tdClass, thClass } from '../components/ui';
import { messageOf } from '../lib/errors';
import type { AdminData } from '../hooks/useAdminData';
import { ClassMockBoard } from './ClassMockBoard';

const STATE_LABEL = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed' } as const;

function ScheduleForm({ content }: { content: AdminData['content'] }) {
  const utils = trpc.useUtils();
  const schools = trpc.admin.classMocks.schools.useQuery();
  const create = trpc.admin.classMocks.create.useMutation();
  const [form, setForm] = useState({
    mock_exam_set_id: '',
    school_id: '',
    program_of_study: '',
    opens_at: '',
    closes_at: '',
    release: 'at_close',
  });
  const [notice, setNotice] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const choices = schools.data ?? [];
  const schoolId = choices.length === 1 ? choices[0].id : Number(form.school_id) || null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const when = (v: string) => (v ? new Date(v).toISOString() : '');
    try {
      const done = await create.mutateAsync({
        mock_exam_set_id: Number(form.mock_exam_set_id),
        school_id: schoolId,
        program_of_study: form.program_of_study || null,
        opens_at: when(form.opens_at),
        closes_at: when(form.closes_at),
        release: form.release as 'at_close' | 'manual',
      });
      setNotice(
        done.warning
          ? { tone: 'info', text: `Class mock scheduled. ${done.warning}` }
          : { tone: 'success', text: 'Class mock scheduled.' },
      );
      await utils.admin.classMocks.list.invalidate();
    } catch (err) {
      setNotice({ tone: 'error', text: messageOf(err, 'Could not schedule the class mock.') });
    }
  }

  const sets = (content.data?.mockExamSets ?? []).filter((m) => m.is_active);
  return (
    <form className={`${cardClass} grid grid-cols-1 gap-3 sm:grid-cols-2`} onSubmit={(e) => void onSubmit(e)}>
      <h2 className="text-lg font-semibold sm:col-span-2">Schedule a class mock</h2>
      <Select
        label="Mock exam"
        value={form.mock_exam_set_id}
        options={sets.map((m) => ({ value: String(m.id), label: m.title }))}
        placeholder="Choose a mock exam"
        onChange={set('mock_exam_set_id')}
      />
      {choices.length > 1 && (
        <Select
          label="School"
          value={form.school_id}
          options={choices.map((s) => ({ value: String(s.id), label: s.name }))}
          placeholder="Choose a school"
          onChange={set('school_id')}
        />
      )}
      <TextField
        label="Programme of study (optional)"
        hint="Leave empty for every student of the school."
        value={form.program_of_study}
        onChange={(e) => set('program_of_study')(e.target.value)}
      />
      <TextField
        label="Opens at"
        type="datetime-local"
        value={form.opens_at}
        onChange={(e) => set('opens_at')(e.target.value)}
      />
      <TextField
        label="Closes at"
        type="datetime-local"
        value={form.closes_at}
        onChange={(e) => set('closes_at')(e.target.value)}
      />
      <Select
        label="Results"
        value={form.release}
        options={[
          { value: 'at_close', label: 'Release results at close' },
          { value: 'manual', label: 'Release by hand' },
        ]}
        placeholder="Choose when results come out"
        onChange={set('release')}
      />
      {notice && (
        <div className="sm:col-span-2">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Scheduling…' : 'Schedule class mock'}
        </Button>
      </div>
    </form>
  );
}

export function ClassMocksTab({ content }: { content: AdminData['content'] }) {
  const list = trpc.admin.classMocks.list.useQuery();
  const cancel = trpc.admin.classMocks.cancel.useMutation({ onSuccess: () => void list.refetch() });
  const [watching, setWatching] = useState<number | null>(null);

  if (watching !== null) return <ClassMockBoard id={watching} onBack={() => setWatching(null)} />;
  return (
    <div className="flex flex-col gap-4">
      <ScheduleForm content={content} />
      <Loaded query={list} loading="Loading class mocks…" failed="Failed to load the class mocks.">
        {(rows) =>
          rows.length ? (
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th className={thClass}>Mock exam</th>
                    <th className={thClass}>For</th>
                    <th className={thClass}>Opens</th>
                    <th className={thClass}>Closes</th>
                    <th className={thClass}>State</th>
                    <th className={thClass}>Results</th>
                    <th className={thClass}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td className={tdClass}>{r.title}</td>
                      <td className={tdClass}>{r.program_of_study ?? r.school_name}</td>
                      <td className={tdClass}>{formatDateTime(r.opens_at)}</td>
                      <td className={tdClass}>{formatDateTime(r.closes_at)}</td>
                      <td className={tdClass}>{STATE_LABEL[r.state]}</td>
                      <td className={tdClass}>
                        {r.released_at ? 'Released' : r.release === 'at_close' ? 'At close' : 'By hand'}
                      </td>
                      <td className={tdClass}>
                        <button type="button" className={smallButton} onClick={() => setWatching(r.id)}>
                          Live board
                        </button>
                        {r.state === 'upcoming' && (
                          <button
                            type="button"
                            className={smallButton}
                            disabled={cancel.isPending}
                            onClick={() => cancel.mutate({ id: r.id })}
                          >
                            Cancel
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">No class mock scheduled yet.</p>
          )
        }
      </Loaded>
    </div>
  );
}
