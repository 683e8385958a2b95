// Enrol students: a class list (.csv or .xlsx of full_name, email and programme) is previewed,
// every row to fix listed, and uploaded only when clean; each student is mailed an invitation.
// Below, the school's invitations with their state.
import Eye from 'lucide-react/icons/eye';
import Send from 'lucide-react/icons/send';
import { useState } from 'react';
import type { ClassListAnswer } from '@shared/domain/classList';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { trpc } from '../../../lib/trpc';
import { Select } from '../components/Select';
import { cardClass } from '../components/ui';
import { messageOf } from '../lib/errors';
import { ClassListResult } from './ClassListResult';
import { InvitationsTable } from './InvitationsTable';
import { fileAsBase64 } from './readFile';

export function EnrolTab() {
  const schools = trpc.enrol.schools.useQuery();
  const [chosen, setChosen] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [answer, setAnswer] = useState<ClassListAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'upload' | null>(null);
  const preview = trpc.enrol.preview.useMutation();
  const upload = trpc.enrol.upload.useMutation();
  const utils = trpc.useUtils();

  const choose = schools.data?.choose ?? false;
  const schoolId = choose ? (chosen ? Number(chosen) : undefined) : undefined;

  async function send(kind: 'preview' | 'upload') {
    setFailure(null);
    if (!file) {
      setAnswer(null);
      setFailure('Choose the class list file first.');
      return;
    }
    setBusy(kind);
    try {
      const input = { file_name: file.name, file_base64: await fileAsBase64(file), school_id: schoolId };
      const result = await (kind === 'preview' ? preview : upload).mutateAsync(input);
      setAnswer(result);
      if (kind === 'upload' && result.success) {
        setFile(null);
        setFileKey((k) => k + 1);
        await utils.enrol.invitations.invalidate();
      }
    } catch (err) {
      setAnswer(null);
      setFailure(messageOf(err, 'Could not reach the server. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  const ready = answer?.success && answer.dry_run;
  const canEnrol = schools.data?.can_enrol ?? false;
  return (
    <div className="flex flex-col gap-6">
      {schools.data && !canEnrol && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your school admin enrols students; here you can see the invitations.
        </p>
      )}
      {canEnrol && (
        <form
          className={`${cardClass} flex flex-col gap-4`}
          aria-label="Enrol students"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send(ready ? 'upload' : 'preview');
          }}
        >
          <h2 className="text-lg font-semibold">Enrol students from a class list</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            A .csv or .xlsx file whose first row names the columns <strong>full_name</strong>,{' '}
            <strong>email</strong> and <strong>programme</strong> (any case), one student a row. Nothing is
            saved until every row is right; each student then gets an e-mail with a link to choose a password,
            which works for 7 days.
          </p>
          {choose && (
            <Select
              label="School"
              value={chosen}
              placeholder="Choose the school"
              options={(schools.data?.schools ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              onChange={(v) => {
                setChosen(v);
                setAnswer(null);
              }}
            />
          )}
          {!choose && schools.data?.schools[0] && (
            <p className="text-sm">
              School: <strong>{schools.data.schools[0].name}</strong>
            </p>
          )}
          <TextField
            key={fileKey}
            label="Class list file"
            hint=".xlsx or .csv"
            type="file"
            accept=".xlsx,.xls,.csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setAnswer(null);
              setFailure(null);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass(ready ? 'secondary' : 'primary')}
              disabled={busy !== null}
              onClick={() => void send('preview')}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
              {busy === 'preview' ? 'Checking...' : 'Preview'}
            </button>
            {ready && (
              <button
                type="button"
                className={buttonClass('primary')}
                disabled={busy !== null}
                onClick={() => void send('upload')}
              >
                <Send className="h-4 w-4" aria-hidden="true" />
                {busy === 'upload'
                  ? 'Inviting...'
                  : `Invite ${answer.total} student${answer.total === 1 ? '' : 's'}`}
              </button>
            )}
          </div>
          <div aria-live="polite">
            {failure && <Alert tone="error">{failure}</Alert>}
            {answer && <Alert tone={answer.success ? 'success' : 'error'}>{answer.message}</Alert>}
          </div>
          {answer && <ClassListResult answer={answer} />}
        </form>
      )}
      <InvitationsTable schoolId={schoolId} canChange={canEnrol} />
    </div>
  );
}
