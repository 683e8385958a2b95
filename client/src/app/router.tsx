// Routes by session state: signed-out pages, the student area, the admin area. Every
// page is its own lazy chunk, so a student's download never carries the admin area. A data
// router (one splat route around the session's own <Routes>) so a page can hold navigation with
// useBlocker (a running mock). Part of the full app (FullApp.tsx), never of the signed-out entry.
import { useMemo, useState } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { lazyPage } from '../lib/lazyPage';
import { useSession } from '../lib/session';
import { SignInHandoff } from '../lib/signInHandoff';
import { PageFrame, SignedOutRoutes } from './SignedOutPages';

const AdminApp = lazyPage(() => import('../features/admin/AdminApp'));

const StudentArea = lazyPage(() => import('./StudentArea'));

function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

function RoutesForSession() {
  const { user, booting, setProfile } = useSession();
  const handoff = useMemo(() => ({ prepare() {}, signedIn: setProfile }), [setProfile]);
  if (booting) return <LoadingScreen />;
  if (!user) {
    return (
      <SignInHandoff.Provider value={handoff}>
        <SignedOutRoutes />
      </SignInHandoff.Provider>
    );
  }
  return user.userType === 'admin' ? <AdminRoutes /> : <StudentArea />;
}

function Root() {
  return (
    <PageFrame>
      <RoutesForSession />
    </PageFrame>
  );
}

export function AppRouter() {
  // Made when the full app mounts (after a sign-in on the signed-out pages too), so it starts at
  // the address of that moment.
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Root /> }]));
  return <RouterProvider router={router} />;
}
