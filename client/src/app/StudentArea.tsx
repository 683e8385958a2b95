// The student's routes. The shell loads once; each page is its own chunk, the quiz
// screen included, so a phone downloads a page only when the student opens it.
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { SkeletonGrid } from '../components/Skeleton';
import { lazyPage } from '../lib/lazyPage';
import { useSession } from '../lib/session';
import { LastCopiesProvider } from '../lib/offline/LastCopiesProvider';
import { OfflineAgent } from '../features/offline/OfflineAgent';
import { StudentShell } from './StudentShell';

const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const ProgramsPage = lazyPage(() => import('../features/catalog/ProgramsPage'));
const PapersPage = lazyPage(() => import('../features/catalog/PapersPage'));
const MockSetsPage = lazyPage(() => import('../features/catalog/MockSetsPage'));
const TopicsPage = lazyPage(() => import('../features/catalog/TopicsPage'));
const PracticeSetsPage = lazyPage(() => import('../features/catalog/PracticeSetsPage'));
const QuizPage = lazyPage(() => import('../features/quiz/QuizPage'));
const SessionQuizPage = lazyPage(() => import('../features/quiz/SessionQuizPage'));
const ExamDayPage = lazyPage(() => import('../features/quiz/ExamDayPage'));
const CreateTestPage = lazyPage(() => import('../features/builder/CreateTestPage'));
const ClassMocksPage = lazyPage(() => import('../features/classMocks/ClassMocksPage'));
const ResultsPage = lazyPage(() => import('../features/results/ResultsPage'));
const ResultDetailPage = lazyPage(() => import('../features/results/ResultDetailPage'));
const ReviewPage = lazyPage(() => import('../features/review/ReviewPage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const PracticeQuizPage = lazyPage(() => import('../features/samples/PracticeQuizPage'));
const TestModePage = lazyPage(() => import('../features/samples/TestModePage'));
const DownloadsPage = lazyPage(() => import('../features/offline/DownloadsPage'));
const OfflinePracticePage = lazyPage(() => import('../features/offline/OfflinePracticePage'));

const pageFallback = <SkeletonGrid count={3} />;

export default function StudentArea() {
  const { user, restoredOffline } = useSession();
  const userId = user?.id ?? 0;
  return (
    <>
      <OfflineAgent userId={userId} />
      <LastCopiesProvider key={userId} userId={userId} noAnswer={restoredOffline}>
        <StudentRoutes />
      </LastCopiesProvider>
    </>
  );
}

function StudentRoutes() {
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
          path="/create-test"
          element={
            <Page>
              <CreateTestPage />
            </Page>
          }
        />
        <Route
          path="/class-mocks"
          element={
            <Page>
              <ClassMocksPage />
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
          path="/downloads"
          element={
            <Page>
              <DownloadsPage />
            </Page>
          }
        />
        <Route
          path="/review"
          element={
            <Page>
              <ReviewPage />
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
        path="/quiz/session/:sessionId"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <SessionQuizPage />
          </Suspense>
        }
      />
      <Route
        path="/exam-day/:programId"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <ExamDayPage />
          </Suspense>
        }
      />
      <Route
        path="/downloads/:setId/practice"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <OfflinePracticePage />
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

/** A page inside the shell: a failure to load it keeps the top bar and sidebar usable. */
function Page({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={pageFallback}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
