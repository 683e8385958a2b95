// Small pieces every result view shares: the type badge, the grade chip, the accuracy bar.
import { accuracyColour, gradeFor } from '@shared/domain/grading';

const BAR: Record<ReturnType<typeof accuracyColour>, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
};

const GRADE_TONE: Record<ReturnType<typeof gradeFor>, string> = {
  A: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  B: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300',
  C: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  D: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  F: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** Mock Exam, Practice, or Custom test (one the student built: timed or tutor mode). */
export function TypeBadge({ type, origin }: { type: string; origin?: string }) {
  const mock = type === 'mock';
  const label =
    origin === 'custom' ? `Custom test${mock ? ' · timed' : ''}` : mock ? 'Mock Exam' : 'Practice';
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${mock ? 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-300' : 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300'}`}
    >
      {label}
    </span>
  );
}

export function GradeChip({ percentage, large = false }: { percentage: number; large?: boolean }) {
  const grade = gradeFor(percentage);
  return (
    <span
      aria-label={`Grade ${grade}`}
      className={`inline-flex items-center justify-center rounded-lg font-bold ${GRADE_TONE[grade]} ${large ? 'h-14 w-14 text-3xl' : 'h-9 w-9 text-lg'}`}
    >
      {grade}
    </span>
  );
}

export function AccuracyBar({ accuracy }: { accuracy: number }) {
  const colour = accuracyColour(accuracy);
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300">
        <span>Accuracy</span>
        <span>{accuracy}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Accuracy"
        aria-valuenow={accuracy}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          data-colour={colour}
          className={`h-full ${BAR[colour]}`}
          style={{ width: `${Math.min(100, Math.max(0, accuracy))}%` }}
        />
      </div>
    </div>
  );
}
