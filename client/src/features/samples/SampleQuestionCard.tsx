// One sample question: 'Question N of total', category, difficulty, tags, lettered options.
// With `reveal`, the options lock and show the key green and a wrong choice red.
import type { ReactNode } from 'react';
import { FOCUS_RING } from '../../components/Button';
import { OptionList } from '../../components/OptionList';
import type { SampleQuestion } from './sampleQuestions';

const letterOf = (i: number) => String.fromCharCode(65 + i);

interface SampleQuestionCardProps {
  question: SampleQuestion;
  index: number;
  total: number;
  selected: number | null;
  reveal: boolean;
  onSelect: (option: number) => void;
  toggles: ReactNode;
}

export function SampleQuestionCard({
  question,
  index,
  total,
  selected,
  reveal,
  onSelect,
  toggles,
}: SampleQuestionCardProps) {
  return (
    <section
      aria-labelledby="sample-question"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
          Question {index + 1} of {total}
        </p>
        <div className="flex gap-2">{toggles}</div>
      </div>
      <div className="mt-2 flex flex-wrap gap-2 text-xs">
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-sky-800 dark:bg-sky-950 dark:text-sky-300">
          {question.category}
        </span>
        <span className="rounded-full bg-purple-100 px-2 py-0.5 text-purple-800 dark:bg-purple-950 dark:text-purple-300">
          {question.difficulty}
        </span>
        {question.tags.map((t) => (
          <span
            key={t}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
          >
            {t}
          </span>
        ))}
      </div>
      <h2 id="sample-question" className="mt-3 text-lg font-semibold">
        {question.question}
      </h2>
      <OptionList
        labelledBy="sample-question"
        options={question.options.map((text, i) => ({ letter: letterOf(i), text }))}
        selected={selected === null ? undefined : letterOf(selected)}
        keyLetter={reveal ? letterOf(question.correctAnswer) : undefined}
        disabled={reveal}
        onSelect={(letter) => onSelect(letter.charCodeAt(0) - 65)}
      />
      {reveal && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
        >
          <p className="font-semibold">Explanation</p>
          <p className="mt-1">{question.explanation}</p>
        </div>
      )}
    </section>
  );
}

export function ToggleButton({
  pressed,
  onToggle,
  label,
  icon,
}: {
  pressed: boolean;
  onToggle: () => void;
  label: string;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={`inline-flex min-h-11 items-center gap-1 rounded-lg border px-3 text-xs font-medium ${FOCUS_RING} ${pressed ? 'border-amber-500 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200'}`}
    >
      {icon}
      {label}
    </button>
  );
}
