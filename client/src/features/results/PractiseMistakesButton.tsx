// "Practise my mistakes": a practice session of just the questions missed in
// this result, wrong or left blank. Not shown when nothing was missed.
import { Button } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { useStartList } from '../../hooks/useStartList';

export function PractiseMistakesButton({ resultId, missed }: { resultId: number; missed: number }) {
  const start = trpc.quiz.startMistakesPractice.useMutation();
  const { open, error } = useStartList();
  if (missed === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void open(() => start.mutateAsync({ result_id: resultId }))}
        disabled={start.isPending}
      >
        {start.isPending ? 'Starting...' : 'Practise my mistakes'}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}
