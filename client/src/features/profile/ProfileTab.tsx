// The profile tab: the user's details, Edit Profile / Save / Cancel (saved for
// real through profile.update), e-mail and gender locked, and the Coming Soon tiles.
import { useState, type FormEvent } from 'react';
import User from 'lucide-react/icons/user';
import { GENDERS, REGIONS } from '@shared/domain/regions';
import { profileUpdateInput } from '@shared/schemas/auth';
import { Alert } from '../../components/Alert';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { INPUT_CLASS, TextField } from '../../components/TextField';
import { maskDate } from '../../lib/dateMask';
import { firstServerMessage, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ComingSoon } from './ComingSoon';
import { formFromProfile, updateFromForm, type ProfileForm } from './profileForm';

const STATS = ['Quizzes Taken', 'Average Score', 'Study Streak', 'Hours Studied'];

export function ProfileTab() {
  const { user, setProfile } = useSession();
  const update = trpc.profile.update.useMutation();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileForm, string>>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { scopeRef, reveal } = useRevealErrors<HTMLElement>();
  if (!user) return null;
  const values = form ?? formFromProfile(user);
  const set = (key: keyof ProfileForm) => (value: string) => setForm({ ...values, [key]: value });

  function cancel() {
    setForm(null);
    setErrors({});
    setEditing(false);
    setMessage(null);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const payload = updateFromForm(values);
    const parsed = profileUpdateInput.safeParse(payload);
    if (!parsed.success) {
      const next: Partial<Record<keyof ProfileForm, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ProfileForm] ??= issue.message;
      setErrors(next);
      reveal();
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      setProfile(saved);
      setForm(null);
      setEditing(false);
      setMessage({ tone: 'success', text: 'Profile updated successfully.' });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: firstServerMessage(
          err,
          [
            'full_name',
            'date_of_birth',
            'region_of_institution',
            'program_of_study',
            'school',
            'bio',
            'avatar',
            'email',
            'gender',
          ],
          'Failed to update profile. Please try again.',
        ),
      });
      reveal();
    }
  }

  return (
    <div className="space-y-6">
      <section
        ref={scopeRef}
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
      >
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
          {!editing && <Button onClick={() => setEditing(true)}>Edit Profile</Button>}
        </div>
        {message && (
          <div className="mt-4">
            <Alert tone={message.tone}>{message.text}</Alert>
          </div>
        )}
        {editing ? (
          <form onSubmit={save} className="mt-6 grid gap-4 sm:grid-cols-2">
            <TextField
              label="Full name"
              required
              value={values.full_name}
              error={errors.full_name}
              onChange={(e) => set('full_name')(e.target.value)}
            />
            <TextField
              label="Email"
              type="email"
              disabled
              value={values.email}
              hint="Email cannot be changed"
            />
            <TextField
              label="Date of birth"
              placeholder="YYYY/MM/DD"
              inputMode="numeric"
              maxLength={10}
              value={values.date_of_birth}
              error={errors.date_of_birth}
              onChange={(e) => set('date_of_birth')(maskDate(e.target.value))}
            />
            <SelectField
              label="Gender"
              placeholder="Not set"
              options={GENDERS}
              disabled
              value={values.gender}
              hint="Gender cannot be changed"
            />
            <SelectField
              label="Region of institution"
              placeholder="Select region"
              options={REGIONS}
              value={values.region_of_institution}
              error={errors.region_of_institution}
              onChange={(e) => set('region_of_institution')(e.target.value)}
            />
            <TextField
              label="Program of study"
              value={values.program_of_study}
              error={errors.program_of_study}
              onChange={(e) => set('program_of_study')(e.target.value)}
            />
            <TextField
              label="School"
              value={values.school}
              error={errors.school}
              onChange={(e) => set('school')(e.target.value)}
            />
            <TextField
              label="Avatar image URL"
              type="url"
              placeholder="https://…"
              value={values.avatar}
              error={errors.avatar}
              onChange={(e) => set('avatar')(e.target.value)}
            />
            <div className="sm:col-span-2">
              <label
                htmlFor="profile-bio"
                className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
              >
                Bio
              </label>
              <textarea
                id="profile-bio"
                rows={3}
                className={INPUT_CLASS}
                value={values.bio}
                onChange={(e) => set('bio')(e.target.value)}
              />
              {errors.bio && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{errors.bio}</p>}
            </div>
            <div className="flex gap-3 sm:col-span-2">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </form>
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
