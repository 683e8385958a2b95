// Previous and Next under a question; on the last one, the submit button on a row of its own.
// Next never turns into the submit button: a quick second tap on Next must not end an exam.
import { Button } from '../Button';

interface QuestionStepsProps {
  index: number;
  total: number;
  onGo: (index: number) => void;
  onSubmit: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
}

export function QuestionSteps({
  index,
  total,
  onGo,
  onSubmit,
  submitLabel = 'Submit Quiz',
  submitDisabled = false,
}: QuestionStepsProps) {
  const last = index === total - 1;
  return (
    <div className="grid gap-3">
      <div className="flex justify-between gap-3">
        <Button variant="secondary" disabled={index === 0} onClick={() => onGo(index - 1)}>
          Previous
        </Button>
        <Button disabled={last} onClick={() => onGo(index + 1)}>
          Next
        </Button>
      </div>
      {last && (
        <Button className="justify-self-center" disabled={submitDisabled} onClick={onSubmit}>
          {submitLabel}
        </Button>
      )}
    </div>
  );
}
