// The questions of a downloaded set, one at a time, with Check Answer's feedback from the stored
// key: the online practice screen's panel and navigator, without a server session.
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmSubmitDialog } from '../../components/quiz/ConfirmSubmitDialog';
import { QuestionNavigator } from '../../components/quiz/QuestionNavigator';
import { QuestionPanel } from '../../components/quiz/QuestionPanel';
import { QuestionSteps } from '../../components/quiz/QuestionSteps';
import type { Letter } from '../../components/quiz/types';
import type { AttemptInput } from './attemptQueue';
import type { DownloadedSet } from '../../lib/offline/downloads';
import { arranged, canonicalAnswer, drawOrder } from '../../lib/offline/offlineOrder';
import type { Progress } from '../../lib/offline/practiceProgress';

export interface Finished {
  input: AttemptInput;
  correct: number;
  total: number;
}

interface RunnerProps {
  set: DownloadedSet;
  /** The practice of this set left unfinished on this phone, if any. */
  resumed: Progress | null;
  onProgress: (progress: Progress) => void;
  onFinish: (finished: Finished) => Promise<void>;
}

export function OfflineRunner({ set, resumed, onProgress, onFinish }: RunnerProps) {
  // The attempt's id, made once: sending it again and again stores it once on the server.
  const [clientId] = useState(() => resumed?.clientId ?? crypto.randomUUID());
  const [startedAt] = useState(() => resumed?.startedAt ?? new Date().toISOString());
  const [order] = useState(() => resumed?.order ?? drawOrder(set));
  const questions = useMemo(() => arranged(set, order), [set, order]);
  const [answers, setAnswers] = useState<Record<number, Letter>>(() => resumed?.answers ?? {});
  const [checked, setChecked] = useState<Set<number>>(() => new Set(resumed?.checked));
  const [flagged, setFlagged] = useState<Set<number>>(new Set());
  const [index, setIndex] = useState(() => Math.min(resumed?.index ?? 0, questions.length - 1));

  useEffect(() => {
    onProgress({ clientId, startedAt, order, answers, checked: [...checked], index });
  }, [onProgress, clientId, startedAt, order, answers, checked, index]);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const question = questions[index];
  const answered = questions.filter((q) => answers[q.id]).length;
  const toggle = (ids: Set<number>, id: number) => {
    const next = new Set(ids);
    if (!next.delete(id)) next.add(id);
    return next;
  };

  async function finish() {
    setConfirming(false);
    setSaving(true);
    const sheet = Object.entries(answers).map(([id, letter]) => ({
      question_id: Number(id),
      selected_answer: canonicalAnswer(order, Number(id), letter),
    }));
    await onFinish({
      input: {
        client_id: clientId,
        set_id: set.id,
        question_ids: questions.map((q) => q.id),
        answers: sheet,
        downloaded_at: set.downloaded_at,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
      },
      correct: questions.filter((q) => answers[q.id] === q.correct_answer).length,
      total: questions.length,
    });
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 select-none dark:bg-slate-900 dark:text-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white px-4 py-1.5 dark:border-slate-700 dark:bg-slate-800">
        <div className="mx-auto flex max-w-3xl items-center gap-2">
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base" title={set.title}>
            {set.title}
          </h1>
          <Button
            variant="secondary"
            className="shrink-0 px-3"
            disabled={saving}
            onClick={() => setConfirming(true)}
          >
            Finish
          </Button>
        </div>
        <p className="mx-auto max-w-3xl text-xs text-slate-500 dark:text-slate-400">
          Downloaded practice · {answered} of {questions.length} answered
        </p>
      </header>
      <main className="mx-auto grid max-w-3xl gap-4 p-4">
        <QuestionPanel
          question={question}
          index={index}
          total={questions.length}
          selected={answers[question.id]}
          checked={checked.has(question.id)}
          practice
          flagged={flagged.has(question.id)}
          onToggleFlag={() => setFlagged((f) => toggle(f, question.id))}
          onSelect={(letter) =>
            !checked.has(question.id) && setAnswers((a) => ({ ...a, [question.id]: letter }))
          }
          onCheck={() => setChecked((c) => new Set(c).add(question.id))}
        />
        <QuestionSteps
          index={index}
          total={questions.length}
          onGo={setIndex}
          submitDisabled={saving}
          onSubmit={() => setConfirming(true)}
        />
        <QuestionNavigator
          total={questions.length}
          current={index}
          isAnswered={(i) => Boolean(answers[questions[i].id])}
          isFlagged={(i) => flagged.has(questions[i].id)}
          onGo={setIndex}
        />
      </main>
      {confirming && (
        <ConfirmSubmitDialog
          unanswered={questions.length - answered}
          flagged={flagged.size}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void finish()}
        />
      )}
    </div>
  );
}
