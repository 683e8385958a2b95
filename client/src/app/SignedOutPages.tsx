// The signed-out pages, each its own lazy chunk. The same tree is rendered three ways:
// at build time into HTML (client/prerender/renderPages.tsx), hydrated over that HTML by the
// light entry (AppRoot.tsx), and inside the full app after signing out (router.tsx).
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { lazyPage } from '../lib/lazyPage';

const LandingPage = lazyPage(() => import('../features/auth/LandingPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const CheckEmailPage = lazyPage(() => import('../features/auth/CheckEmailPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const EmailVerifiedPage = lazyPage(() => import('../features/auth/EmailVerifiedPage'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage'));
const InvitationPage = lazyPage(() => import('../features/auth/InvitationPage'));

export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/check-email" element={<CheckEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/password-reset-confirm/:uidb64/:token" element={<ResetPasswordPage />} />
      <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
      <Route path="/email-verified" element={<EmailVerifiedPage />} />
      <Route path="/invitation/:token" element={<InvitationPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** Around the routes: a chunk that fails gets the error page, one on its way the spinner. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

export function SignedOutPages() {
  return (
    <PageFrame>
      <SignedOutRoutes />
    </PageFrame>
  );
}
