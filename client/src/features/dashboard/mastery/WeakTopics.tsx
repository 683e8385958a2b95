// The three weakest topics (5 answers or more each), each with one tap to practise it: a session
// of that topic's questions, those missed last time and those never seen first.
import { Button } from '../../../components/Button';
import { trpc } from '../../../lib/trpc';
import { useStartList } from '../../../hooks/useStartList';
import { figuresText, type WeakTopic } from './types';
import { itemName } from '../../../lib/itemName';

export function WeakTopics({ topics }: { topics: WeakTopic[] }) {
  const start = trpc.quiz.startTopicPractice.useMutation();
  const { open, error } = useStartList();
  return (
    <div>
      <h3 className="font-semibold">Practise next</h3>
      {topics.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          A topic can be suggested here once you have answered 5 of its questions.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label="Weakest topics">
          {topics.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-900"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{t.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {t.paper_name} · {t.program_name}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-200">{figuresText(t)}</p>
              </div>
              <Button
                disabled={start.isPending}
                onClick={() => void open(() => start.mutateAsync({ topic_id: t.id }))}
                aria-label={itemName('Practise', t.name)}
              >
                Practise
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
