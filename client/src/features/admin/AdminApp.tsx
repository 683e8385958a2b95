// The admin area (its own lazy chunk). One layout route holds the shell and the dashboard so
// their state survives moving between /admin, /admin/users, /admin/questions, /admin/settings and
// the question bank's list and questions; any other admin path goes back to /admin.
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminShell } from './components/AdminShell';
import { Dashboard } from './Dashboard';

function AdminLayout() {
  return (
    <AdminShell>
      <Dashboard />
    </AdminShell>
  );
}

export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={null} />
        <Route path="users" element={null} />
        <Route path="enrol" element={null} />
        <Route path="questions" element={null} />
        <Route path="settings" element={null} />
        <Route path="account" element={null} />
        <Route path="question-bank" element={null} />
        <Route path="question-bank/:questionId" element={null} />
        <Route path="review" element={null} />
        <Route path="review/:draftId" element={null} />
      </Route>
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}
