// The review of one answered question: the key in green, the student's choice labelled
// Your Answer (red when wrong), and the Explanation box with why a wrong choice is wrong (when its
// author said), in the letters the attempt showed; a
// question flagged during the attempt says so, and a tagged one names its topic.
import Flag from 'lucide-react/icons/flag';
import { ChoiceRationale } from '../../components/quiz/ChoiceRationale';
import type { Letter, ResultDetail } from './types';

type ReviewItem = ResultDetail['user_answers'][number];
const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

export function AnswerReview({ item, index }: { item: ReviewItem; index: number }) {
  const q = item.question;
  const options: Record<Letter, string> = { A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d };
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <div className="flex items-start justify-between gap-3">
        <div className="flex-1">
          <h3 className="font-semibold">
            {index + 1}. {q.question_text}
          </h3>
          {item.topic_name && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Topic: {item.topic_name}</p>
          )}
        </div>
        {item.flagged && (
          <span className="flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <Flag aria-hidden="true" className="h-3 w-3" />
            Flagged
          </span>
        )}
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${item.is_correct ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'}`}
        >
          {item.is_correct ? 'Correct' : item.selected_answer ? 'Incorrect' : 'Not answered'}
        </span>
      </div>
      <ul className="mt-3 space-y-2">
        {LETTERS.map((letter) => {
          const isKey = q.correct_answer === letter;
          const isChosen = item.selected_answer === letter;
          const tone = isKey
            ? 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'
            : isChosen
              ? 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-slate-200 dark:border-slate-600';
          return (
            <li
              key={letter}
              data-correct={isKey || undefined}
              className={`flex flex-wrap items-center gap-2 rounded-lg border-2 p-2 text-sm ${tone}`}
            >
              <span className="font-bold">{letter}.</span>
              <span className="flex-1">{options[letter]}</span>
              {isChosen && (
                <span className="rounded bg-white/70 px-2 py-0.5 text-xs font-semibold dark:bg-black/30">
                  Your Answer
                </span>
              )}
              {isKey && <span className="sr-only">(correct answer)</span>}
            </li>
          );
        })}
      </ul>
      {(q.explanation || (item.selected_answer && !item.is_correct)) && (
        <div className="mt-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 empty:hidden dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
          {q.explanation && (
            <>
              <p className="font-semibold">Explanation</p>
              <p className="mt-1">{q.explanation}</p>
            </>
          )}
          <ChoiceRationale
            question={q}
            selected={item.selected_answer}
            correct={q.correct_answer}
            className={q.explanation ? 'mt-2' : ''}
          />
        </div>
      )}
    </li>
  );
}
