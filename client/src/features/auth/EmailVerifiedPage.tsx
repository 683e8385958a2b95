// Where a mailed link lands: after verification, after an admin's e-mail change
// (?status=email-changed), or on a bad link (?status=invalid).
import { Link, useSearchParams } from 'react-router-dom';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { buttonClass } from '../../components/Button';
import { AuthLayout } from './AuthLayout';

export default function EmailVerifiedPage() {
  const status = useSearchParams()[0].get('status');
  return (
    <AuthLayout>
      <div className="text-center">
        {status === 'invalid' ? (
          <>
            <CircleX aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />
            <h1 className="mt-4 text-2xl font-bold">Link invalid or expired</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              This link is invalid or has expired, or it was already used. Try signing in: if your e-mail is
              not verified yet, you can ask for a new link there.
            </p>
          </>
        ) : status === 'email-changed' ? (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
            <h1 className="mt-4 text-2xl font-bold">E-mail changed</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              Your sign-in e-mail is changed and every device was signed out. Sign in with the new address.
            </p>
          </>
        ) : (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
            <h1 className="mt-4 text-2xl font-bold">Email Verified</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              Your e-mail address is confirmed. You can now sign in.
            </p>
          </>
        )}
        <Link to="/login" className={buttonClass('primary', 'mt-6 w-full')}>
          Continue to Login
        </Link>
      </div>
    </AuthLayout>
  );
}
