// Routes by session state (SPEC 2): signed-out pages, the student area, the admin area. Every
// page is its own lazy chunk, so the landing and login pages download only what they need and a
// student's download never carries the admin area. A data router (one splat route around the
// session's own <Routes>) so a page can hold navigation with useBlocker (a running mock).
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { lazyPage } from '../lib/lazyPage';
import { useSession } from '../lib/session';

const AdminApp = lazyPage(() => import('../features/admin/AdminApp'));

const LandingPage = lazyPage(() => import('../features/auth/LandingPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const CheckEmailPage = lazyPage(() => import('../features/auth/CheckEmailPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const EmailVerifiedPage = lazyPage(() => import('../features/auth/EmailVerifiedPage'));

const StudentArea = lazyPage(() => import('./StudentArea'));

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/check-email" element={<CheckEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/password-reset-confirm/:uidb64/:token" element={<ResetPasswordPage />} />
      <Route path="/email-verified" element={<EmailVerifiedPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

function RoutesForSession() {
  const { user, booting } = useSession();
  if (booting) return <LoadingScreen />;
  if (!user) return <SignedOutRoutes />;
  return user.userType === 'admin' ? <AdminRoutes /> : <StudentArea />;
}

function Root() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <RoutesForSession />
      </Suspense>
    </PageErrorBoundary>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
