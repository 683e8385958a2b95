// Routes by session state (SPEC 2): signed-out pages, the student area, the admin area (its
// own lazy chunk, so a student's download never carries it).
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { useSession } from '../lib/session';

const AdminApp = lazy(() => import('../features/admin/AdminApp'));

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<p>Landing</p>} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function StudentRoutes() {
  return (
    <Routes>
      <Route path="*" element={<p>Student area</p>} />
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
  const { user, loading } = useSession();
  if (loading && !user) return <LoadingScreen />;
  if (!user) return <SignedOutRoutes />;
  return user.userType === 'admin' ? <AdminRoutes /> : <StudentRoutes />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <RoutesForSession />
      </Suspense>
    </BrowserRouter>
  );
}
