// The student's home: a welcome with the full name and cards to every area.
import { lazy, Suspense } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link, useOutletContext } from 'react-router-dom';
import BookOpen from 'lucide-react/icons/book-open';
import ChartColumn from 'lucide-react/icons/chart-column';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FlaskConical from 'lucide-react/icons/flask-conical';
import ListChecks from 'lucide-react/icons/list-checks';
import Timer from 'lucide-react/icons/timer';
import User from 'lucide-react/icons/user';
import UserPlus from 'lucide-react/icons/user-plus';
import { FOCUS_RING } from '../../components/Button';
import { useSession } from '../../lib/session';
import { OfflineCopyNote } from '../../components/OfflineCopyNote';
import { OnThisPhone } from './OnThisPhone';
import { DueReviewsCard } from './DueReviewsCard';
import { ClassMockLine } from './ClassMockLine';

interface Card {
  title: string;
  text: string;
  icon: LucideIcon;
}

const CARDS: (Card & { to: string })[] = [
  { title: 'Mock Exams', text: 'Timed exams under real conditions.', icon: ClipboardList, to: '/mock-exams' },
  {
    title: 'Practice Tests',
    text: 'Practise by topic with instant feedback.',
    icon: BookOpen,
    to: '/practice-tests',
  },
  {
    title: 'Create a Test',
    text: 'Your own test from unused, incorrect or flagged questions.',
    icon: ListChecks,
    to: '/create-test',
  },
  { title: 'Results', text: 'Your grades and answer reviews.', icon: ChartColumn, to: '/results' },
  { title: 'Profile', text: 'Your details and account settings.', icon: User, to: '/profile' },
  {
    title: 'Sample Practice Quiz',
    text: 'Three sample questions with explanations.',
    icon: FlaskConical,
    to: '/practice/fundamentals',
  },
  {
    title: 'Sample Test Mode',
    text: 'Three sample questions against a 30-minute clock.',
    icon: Timer,
    to: '/test/fundamentals',
  },
];

// Its own chunk: the cards show at once, the figures follow.
const MasteryPanel = lazy(() => import('./mastery/MasteryPanel'));
const LeftToDo = lazy(() => import('./LeftToDo'));

const CARD_CLASS = `flex h-full flex-col rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200 transition hover:shadow-md dark:bg-slate-800 dark:ring-slate-700 ${FOCUS_RING}`;

export default function DashboardPage() {
  const { user } = useSession();
  const { openInvite } = useOutletContext<{ openInvite: () => void }>();
  return (
    <div className="mx-auto max-w-5xl">
      {/* Said alike to a student on their first day and to one coming back. */}
      <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {user?.full_name}!</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Practise by topic, sit a timed mock exam, or review what you missed.
      </p>
      <OfflineCopyNote reads={['mastery.overview', 'review.dueCount']} />
      <OnThisPhone />
      <ClassMockLine />
      <DueReviewsCard />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <Link key={card.title} to={card.to} className={CARD_CLASS}>
            <CardBody card={card} />
          </Link>
        ))}
        <button type="button" onClick={openInvite} className={CARD_CLASS}>
          <CardBody
            card={{ title: 'Invite a Friend', text: 'Share the app with a classmate.', icon: UserPlus }}
          />
        </button>
      </div>
      <Suspense fallback={null}>
        <MasteryPanel />
      </Suspense>
      <Suspense fallback={null}>
        <LeftToDo />
      </Suspense>
    </div>
  );
}

function CardBody({ card: { title, text, icon: Icon } }: { card: Card }) {
  return (
    <>
      <Icon aria-hidden="true" className="h-8 w-8 text-brand-600 dark:text-brand-500" />
      <h2 className="mt-3 font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </>
  );
}
