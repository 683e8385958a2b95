// "Not sure" on a quiz question: the mark is kept on the server with the
// session, and grading turns it into a spaced-review card, so a mock's marks need no key here.
import CircleHelp from 'lucide-react/icons/circle-help';
import { FOCUS_RING } from '../Button';
import { trpc } from '../../lib/trpc';

export function NotSureToggle({ sessionId, questionId }: { sessionId: number; questionId: number }) {
  const utils = trpc.useUtils();
  const marks = trpc.review.notSureMarks.useQuery({ session_id: sessionId }, { staleTime: Infinity });
  const mark = trpc.review.markNotSure.useMutation({
    // Shown at once; the server's answer (or a failure) settles it.
    onMutate: ({ not_sure }) => {
      utils.review.notSureMarks.setData({ session_id: sessionId }, (old) => {
        const ids = new Set(old?.question_ids ?? []);
        if (not_sure) ids.add(questionId);
        else ids.delete(questionId);
        return { question_ids: [...ids] };
      });
    },
    onSettled: () => utils.review.notSureMarks.invalidate({ session_id: sessionId }),
  });
  const on = marks.data?.question_ids.includes(questionId) ?? false;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-pressed={on}
        disabled={marks.isLoading}
        onClick={() => mark.mutate({ session_id: sessionId, question_id: questionId, not_sure: !on })}
        className={`inline-flex min-h-11 min-w-11 items-center gap-2 rounded-lg border px-3 text-sm font-medium ${FOCUS_RING} ${
          on
            ? 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
            : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200'
        }`}
      >
        <CircleHelp aria-hidden="true" className="h-4 w-4" />
        Not sure
      </button>
    </div>
  );
}
