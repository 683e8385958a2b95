// The settings tab: Coming Soon sections for what is not built yet, Change Password,
// and Delete Account.
import { ChangePasswordForm } from '../../components/ChangePasswordForm';
import { SettingsSection } from './ComingSoon';
import { DeleteAccount } from './DeleteAccount';

const NOTIFICATION_OPTIONS = [
  'Email me when new questions are added',
  'Weekly progress summary',
  'Exam date reminders',
];
const PRIVACY_OPTIONS = ['Show my name on leaderboards', 'Share my progress with my school'];

export function SettingsTab() {
  return (
    <div className="space-y-6">
      <SettingsSection title="Notification Preferences" soon>
        <DisabledOptions options={NOTIFICATION_OPTIONS} />
      </SettingsSection>
      <SettingsSection title="Privacy Settings" soon>
        <DisabledOptions options={PRIVACY_OPTIONS} />
      </SettingsSection>
      <SettingsSection title="Change Password">
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection title="Two-Factor Authentication" soon>
        <p className="text-sm text-slate-600 dark:text-slate-300">Add a second step when you sign in.</p>
      </SettingsSection>
      <SettingsSection title="Delete Account">
        <DeleteAccount />
      </SettingsSection>
    </div>
  );
}

function DisabledOptions({ options }: { options: string[] }) {
  return (
    <fieldset disabled className="space-y-2 opacity-60">
      {options.map((o) => (
        <label key={o} className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" />
          {o}
        </label>
      ))}
    </fieldset>
  );
}
