// The front door: the product, this instance's figures, Sign In and Get Started. It
// claims nothing the instance cannot back: the figures are its own bank's, filled in by the server
// (server/http/landingPage.ts), or asked for when the page opens without them (a visit from
// another page of the app, or the cached shell).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import BookOpen from 'lucide-react/icons/book-open';
import Clock from 'lucide-react/icons/clock';
import Trophy from 'lucide-react/icons/trophy';
import {
  FIGURES_ATTRIBUTE,
  figureSlots,
  figureTiles,
  parseFigures,
  serializeFigures,
  type BankFigures,
} from '@shared/domain/bankFigures';
import { Brand } from '../../components/Brand';
import { buttonClass, FOCUS_RING } from '../../components/Button';
import { ThemeToggle } from '../../components/ThemeToggle';
import { Footer } from './AuthLayout';

type Figures = BankFigures | 'slots' | null;

/** At build time the slots; in the browser, the figures the server put in the page, if it did. */
function figuresInPage(): Figures {
  if (typeof document === 'undefined') return 'slots';
  return parseFigures(document.querySelector(`[${FIGURES_ATTRIBUTE}]`)?.getAttribute(FIGURES_ATTRIBUTE));
}

async function fetchFigures(): Promise<BankFigures | null> {
  const res = await fetch('/trpc/catalog.figures');
  if (!res.ok) return null;
  const body = (await res.json()) as { result?: { data?: BankFigures } };
  return body.result?.data ?? null;
}

function useFigures(): Figures {
  const [figures, setFigures] = useState(figuresInPage);
  useEffect(() => {
    if (figures !== null) return;
    let live = true;
    fetchFigures()
      .then((f) => live && setFigures(f))
      // Offline or refused: the page goes without figures rather than with wrong ones.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [figures]);
  return figures;
}

const FEATURES = [
  {
    icon: BookOpen,
    title: 'Practice by topic',
    text: 'Untimed practice tests with instant feedback and an explanation for every answer.',
  },
  {
    icon: Clock,
    title: 'Timed mock exams',
    text: 'Sit full mock papers against the clock, just like the licensing exam.',
  },
  {
    icon: Trophy,
    title: 'Track your results',
    text: 'Grades, accuracy and a review of every question you answered.',
  },
];

export default function LandingPage() {
  const figures = useFigures();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-8">
        <Brand />
        <nav aria-label="Account" className="flex items-center gap-2">
          <ThemeToggle />
          <Link
            to="/login"
            className={`rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 ${FOCUS_RING}`}
          >
            Sign In
          </Link>
          <span className="hidden sm:block">
            <Link to="/register" className={buttonClass('primary')}>
              Get Started
            </Link>
          </span>
        </nav>
      </header>
      <main className="flex-1">
        <section className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-20">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">
            Pass your nursing and midwifery licensing exam
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Practice questions and timed mock exams for Ghana&apos;s nursing and midwifery council exam, made
            for your phone.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClass('primary', 'w-full px-6 py-3 text-base sm:w-auto')}>
              Get Started
            </Link>
            <Link to="/login" className={buttonClass('secondary', 'w-full px-6 py-3 text-base sm:w-auto')}>
              Sign In
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
            Free to use · No credit card needed
          </p>
        </section>
        {figures && (
          <section
            aria-label="In this app"
            {...{
              [FIGURES_ATTRIBUTE]: figures === 'slots' ? figureSlots.attribute : serializeFigures(figures),
            }}
            className="mx-auto grid max-w-4xl grid-cols-3 gap-3 px-4 sm:gap-4"
          >
            {(figures === 'slots' ? figureSlots.tiles : figureTiles(figures)).map((tile) => (
              <div
                key={tile.name}
                className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
              >
                <p className="text-2xl font-bold text-brand-700 dark:text-brand-500">{tile.value}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{tile.label}</p>
              </div>
            ))}
          </section>
        )}
        <section aria-label="Features" className="mx-auto grid max-w-4xl gap-4 px-4 py-12 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div
              key={title}
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
            </div>
          ))}
        </section>
      </main>
      <Footer />
    </div>
  );
}
