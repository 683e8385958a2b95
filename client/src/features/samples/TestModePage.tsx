// /test/{categoryId} (a built-in sample quiz): three local questions against a
// 30-minute clock, flag and mark toggles, Submit Test? confirmation, auto-submit at zero;
// copy/paste/select-all/save shortcuts and right-click blocked.
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Bookmark from 'lucide-react/icons/bookmark';
import Clock from 'lucide-react/icons/clock';
import Flag from 'lucide-react/icons/flag';
import { Button } from '../../components/Button';
import { QuestionSteps } from '../../components/quiz/QuestionSteps';
import { Modal } from '../../components/Modal';
import { useBlockCopy } from '../../hooks/useBlockCopy';
import { formatClock, useCountdown } from '../../hooks/useCountdown';
import type { SampleResultState } from '../../lib/sampleResult';
import { SampleNavigator } from './SampleNavigator';
import { SampleQuestionCard, ToggleButton } from './SampleQuestionCard';
import {
  categoryName,
  SAMPLE_QUESTIONS,
  scoreOf,
  TEST_LOW_TIME_SECONDS,
  TEST_SECONDS,
} from './sampleQuestions';
import { SampleShell } from './SampleShell';

export default function TestModePage() {
  useBlockCopy({ blockKeys: true });
  const category = categoryName(useParams().categoryId);
  const navigate = useNavigate();
  const questions = SAMPLE_QUESTIONS;
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  const [flagged, setFlagged] = useState<boolean[]>(() => questions.map(() => false));
  const [marked, setMarked] = useState<boolean[]>(() => questions.map(() => false));
  const [confirming, setConfirming] = useState(false);
  const [deadline] = useState(() => Date.now() + TEST_SECONDS * 1000);
  const answersRef = useRef(answers);
  const submitted = useRef(false);

  function submit() {
    if (submitted.current) return;
    submitted.current = true;
    const final = answersRef.current;
    const { correct, total, score } = scoreOf(final, questions);
    const timeSpent = Math.min(
      TEST_SECONDS,
      Math.round((Date.now() - (deadline - TEST_SECONDS * 1000)) / 1000),
    );
    const state: SampleResultState = {
      sample: true,
      mode: 'test',
      score,
      correct,
      total,
      category,
      questions,
      userAnswers: final,
      timeSpent,
    };
    navigate('/results', { state });
  }

  const secondsLeft = useCountdown(deadline, submit) ?? TEST_SECONDS;
  const answered = answers.filter((a) => a !== null).length;

  function choose(option: number) {
    const next = answers.map((v, i) => (i === index ? option : v));
    answersRef.current = next;
    setAnswers(next);
  }

  const toggle = (setter: typeof setFlagged) => () =>
    setter((list) => list.map((v, i) => (i === index ? !v : v)));

  return (
    <SampleShell
      title={`Test Mode: ${category}`}
      subtitle={`${answered} of ${questions.length} answered`}
      aside={
        <p
          role="timer"
          aria-label={`Time left ${formatClock(secondsLeft)}`}
          className={`flex items-center gap-1 rounded-lg px-3 py-1 font-mono text-lg font-semibold ${secondsLeft <= TEST_LOW_TIME_SECONDS ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-slate-100 dark:bg-slate-700'}`}
        >
          <Clock aria-hidden="true" className="h-4 w-4" />
          {formatClock(secondsLeft)}
        </p>
      }
      extra={
        confirming && (
          <Modal title="Submit Test?" onClose={() => setConfirming(false)} alert>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You have answered {answered} out of {questions.length} questions. Are you sure you want to
              submit your test?
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
                Continue Test
              </Button>
              <Button onClick={submit}>Submit</Button>
            </div>
          </Modal>
        )
      }
    >
      <div className="space-y-4">
        <SampleQuestionCard
          question={questions[index]}
          index={index}
          total={questions.length}
          selected={answers[index]}
          reveal={false}
          onSelect={choose}
          toggles={
            <>
              <ToggleButton
                pressed={flagged[index]}
                onToggle={toggle(setFlagged)}
                label={flagged[index] ? 'Flagged' : 'Flag'}
                icon={<Flag aria-hidden="true" className="h-3.5 w-3.5" />}
              />
              <ToggleButton
                pressed={marked[index]}
                onToggle={toggle(setMarked)}
                label={marked[index] ? 'Marked' : 'Mark'}
                icon={<Bookmark aria-hidden="true" className="h-3.5 w-3.5" />}
              />
            </>
          }
        />
        <QuestionSteps
          index={index}
          total={questions.length}
          onGo={setIndex}
          submitLabel="Submit Test"
          onSubmit={() => setConfirming(true)}
        />
      </div>
      <SampleNavigator
        total={questions.length}
        current={index}
        answers={answers}
        flagged={flagged}
        onGo={setIndex}
      />
    </SampleShell>
  );
}
