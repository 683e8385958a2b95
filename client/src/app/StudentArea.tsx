// The student's routes (SPEC 2). The shell loads once; each page is its own chunk, the quiz
// screen included, so a phone downloads a page only when the student opens it.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { SkeletonGrid } from '../components/Skeleton';
import { StudentShell } from './StudentShell';

const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProgramsPage = lazy(() => import('../features/catalog/ProgramsPage'));
const PapersPage = lazy(() => import('../features/catalog/PapersPage'));
const MockSetsPage = lazy(() => import('../features/catalog/MockSetsPage'));
const TopicsPage = lazy(() => import('../features/catalog/TopicsPage'));
const PracticeSetsPage = lazy(() => import('../features/catalog/PracticeSetsPage'));
const QuizPage = lazy(() => import('../features/quiz/QuizPage'));
const ResultsPage = lazy(() => import('../features/results/ResultsPage'));
const ResultDetailPage = lazy(() => import('../features/results/ResultDetailPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PracticeQuizPage = lazy(() => import('../features/samples/PracticeQuizPage'));
const TestModePage = lazy(() => import('../features/samples/TestModePage'));

const pageFallback = <SkeletonGrid count={3} />;

export default function StudentArea() {
  return (
    <Routes>
      <Route element={<StudentShell />}>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route
          path="/dashboard"
          element={
            <Page>
              <DashboardPage />
            </Page>
          }
        />
        <Route
          path="/mock-exams"
          element={
            <Page>
              <ProgramsPage mode="mock" />
            </Page>
          }
        />
        <Route
          path="/mock-exams/:programId/papers"
          element={
            <Page>
              <PapersPage mode="mock" />
            </Page>
          }
        />
        <Route
          path="/mock-exams/:programId/papers/:paperId/exam-sets"
          element={
            <Page>
              <MockSetsPage />
            </Page>
          }
        />
        <Route
          path="/practice-tests"
          element={
            <Page>
              <ProgramsPage mode="practice" />
            </Page>
          }
        />
        <Route
          path="/practice-tests/:programId/papers"
          element={
            <Page>
              <PapersPage mode="practice" />
            </Page>
          }
        />
        <Route
          path="/practice-tests/:programId/papers/:paperId/topics"
          element={
            <Page>
              <TopicsPage />
            </Page>
          }
        />
        <Route
          path="/practice-tests/:programId/papers/:paperId/topics/:topicId/practice-sets"
          element={
            <Page>
              <PracticeSetsPage />
            </Page>
          }
        />
        <Route
          path="/quiz/result/:resultId"
          element={
            <Page>
              <ResultDetailPage />
            </Page>
          }
        />
        <Route
          path="/results"
          element={
            <Page>
              <ResultsPage />
            </Page>
          }
        />
        <Route
          path="/profile"
          element={
            <Page>
              <ProfilePage tab="profile" />
            </Page>
          }
        />
        <Route
          path="/settings"
          element={
            <Page>
              <ProfilePage tab="settings" />
            </Page>
          }
        />
      </Route>
      {/* Exam screens take the whole screen: no sidebar to wander off through mid-exam. */}
      <Route
        path="/quiz/:type/:quizId"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <QuizPage />
          </Suspense>
        }
      />
      <Route
        path="/practice/:categoryId"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <PracticeQuizPage />
          </Suspense>
        }
      />
      <Route
        path="/test/:categoryId"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <TestModePage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={pageFallback}>{children}</Suspense>;
}
