// The profile tab: the user's details, Edit Profile / Save / Cancel (saved for
// real through profile.update), e-mail and gender locked, and the Coming Soon tiles.
import { useState } from 'react';
import User from 'lucide-react/icons/user';
import { profileUpdateInput } from '@shared/schemas/auth';
import { Alert } from '../../components/Alert';
import { Button, SubmitButton } from '../../components/Button';
import { ProfileFields } from '../../components/ProfileFields';
import { INPUT_CLASS, TextField } from '../../components/TextField';
import { serverRefusal, useActionForm, type Refusal } from '../../hooks/useActionForm';
import { useSession, type Profile } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ComingSoon } from './ComingSoon';
import { formFromProfile, updateFromForm, type ProfileForm } from './profileForm';

const STATS = ['Quizzes Taken', 'Average Score', 'Study Streak', 'Hours Studied'];

export function ProfileTab() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!user) return null;

  function show(edit: boolean, savedNow = false) {
    setEditing(edit);
    setSaved(savedNow);
  }

  return (
    <div className="space-y-6">
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
        <div className="flex flex-wrap items-center gap-4">
          {user.avatar ? (
            <img src={user.avatar} alt="" className="h-16 w-16 rounded-full object-cover" />
          ) : (
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-slate-700 dark:text-brand-500">
              <User aria-hidden="true" className="h-8 w-8" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h2 className="text-xl font-semibold">{user.full_name}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {user.program_of_study || 'Program not set'}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
          </div>
          {!editing && <Button onClick={() => show(true)}>Edit Profile</Button>}
        </div>
        {saved && (
          <div className="mt-4">
            <Alert tone="success">Profile updated successfully.</Alert>
          </div>
        )}
        {editing ? (
          <ProfileEditor user={user} onClose={(savedNow) => show(false, savedNow)} />
        ) : (
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
            <Detail label="Full name" value={user.full_name} />
            <Detail label="Email" value={user.email} />
            <Detail
              label="Date of birth"
              value={user.date_of_birth ? user.date_of_birth.replaceAll('-', '/') : 'Not set'}
            />
            <Detail label="Gender" value={user.gender ?? 'Not set'} />
            <Detail label="Region" value={user.region_of_institution ?? 'Not set'} />
            <Detail label="Program of study" value={user.program_of_study ?? 'Not set'} />
            <Detail label="School" value={user.school ?? 'Not set'} />
            <Detail label="Bio" value={user.bio || 'Not set'} />
          </dl>
        )}
      </section>
      <ComingSoon>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {STATS.map((s) => (
            <div
              key={s}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
            >
              <p className="text-2xl font-bold">—</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{s}</p>
            </div>
          ))}
        </div>
      </ComingSoon>
      <ComingSoon>
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
          <h2 className="text-lg font-semibold">Recent Achievements</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Badges for streaks and high scores.
          </p>
        </section>
      </ComingSoon>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

type Keys = keyof ProfileForm;

/** The fields whose message the server's refusal shows first, in this order. */
const SERVER_FIELDS: Keys[] = [
  'full_name',
  'date_of_birth',
  'region_of_institution',
  'program_of_study',
  'school',
  'bio',
  'avatar',
  'email',
  'gender',
];

/** The edit form, with its own refusal above the fields; `onClose(true)` once saved. */
function ProfileEditor({ user, onClose }: { user: Profile; onClose: (saved: boolean) => void }) {
  const { setProfile } = useSession();
  const update = trpc.profile.update.useMutation();
  const { form, field, pending, failure } = useActionForm(
    formFromProfile(user),
    async (values): Promise<Refusal<Keys> | void> => {
      const parsed = profileUpdateInput.safeParse(updateFromForm(values));
      if (!parsed.success) {
        const fields: Refusal<Keys>['fields'] = {};
        for (const issue of parsed.error.issues) fields[issue.path[0] as Keys] ??= issue.message;
        return { fields };
      }
      try {
        setProfile(await update.mutateAsync(parsed.data));
      } catch (err) {
        return serverRefusal(err, SERVER_FIELDS, 'Failed to update profile. Please try again.');
      }
      onClose(true);
    },
  );
  const { error: bioError, ...bio } = field('bio');

  return (
    <form {...form}>
      {failure && (
        <div className="mt-4">
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <ProfileFields field={field} />
        <TextField label="School" {...field('school')} />
        <TextField label="Avatar image URL" type="url" placeholder="https://…" {...field('avatar')} />
        <div className="sm:col-span-2">
          <label
            htmlFor="profile-bio"
            className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Bio
          </label>
          <textarea id="profile-bio" rows={3} className={INPUT_CLASS} {...bio} />
          {bioError && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{bioError}</p>}
        </div>
        <div className="flex gap-3 sm:col-span-2">
          <SubmitButton pending={pending} busy="Saving...">
            Save
          </SubmitButton>
          <Button variant="secondary" onClick={() => onClose(false)}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
