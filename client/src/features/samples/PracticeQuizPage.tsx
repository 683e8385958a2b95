// /practice/{categoryId} (a built-in sample quiz): three local questions with flags,
// Show Explanation once an option is chosen, the navigator, and Submit Quiz once all are
// answered, which hands the result to /results.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Flag from 'lucide-react/icons/flag';
import { Button } from '../../components/Button';
import { useBlockCopy } from '../../hooks/useBlockCopy';
import type { SampleResultState } from '../../lib/sampleResult';
import { SampleNavigator } from './SampleNavigator';
import { SampleQuestionCard, ToggleButton } from './SampleQuestionCard';
import { categoryName, SAMPLE_QUESTIONS, scoreOf } from './sampleQuestions';
import { SampleShell } from './SampleShell';

export default function PracticeQuizPage() {
  useBlockCopy();
  const category = categoryName(useParams().categoryId);
  const navigate = useNavigate();
  const questions = SAMPLE_QUESTIONS;
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  const [flagged, setFlagged] = useState<boolean[]>(() => questions.map(() => false));
  const [reveal, setReveal] = useState(false);
  const answered = answers.filter((a) => a !== null).length;
  const q = questions[index];

  function go(i: number) {
    setIndex(i);
    setReveal(false);
  }

  function submit() {
    const { correct, total, score } = scoreOf(answers, questions);
    const state: SampleResultState = {
      sample: true,
      mode: 'practice',
      score,
      correct,
      total,
      category,
      questions,
      userAnswers: answers,
    };
    navigate('/results', { state });
  }

  return (
    <SampleShell
      title={`Practice Quiz: ${category}`}
      subtitle={`${answered} of ${questions.length} completed`}
    >
      <div className="space-y-4">
        <SampleQuestionCard
          question={q}
          index={index}
          total={questions.length}
          selected={answers[index]}
          reveal={reveal}
          onSelect={(option) => setAnswers((a) => a.map((v, i) => (i === index ? option : v)))}
          toggles={
            <ToggleButton
              pressed={flagged[index]}
              onToggle={() => setFlagged((f) => f.map((v, i) => (i === index ? !v : v)))}
              label={flagged[index] ? 'Flagged' : 'Flag'}
              icon={<Flag aria-hidden="true" className="h-3.5 w-3.5" />}
            />
          }
        />
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={answers[index] === null || reveal}
            onClick={() => setReveal(true)}
          >
            Show Explanation
          </Button>
          <Button variant="secondary" disabled={index === questions.length - 1} onClick={() => go(index + 1)}>
            Next
          </Button>
        </div>
        {answered === questions.length && (
          <Button className="w-full" onClick={submit}>
            Submit Quiz
          </Button>
        )}
      </div>
      <SampleNavigator
        total={questions.length}
        current={index}
        answers={answers}
        flagged={flagged}
        onGo={go}
      />
    </SampleShell>
  );
}
