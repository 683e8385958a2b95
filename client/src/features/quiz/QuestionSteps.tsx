// Previous and Next under a question, and the submit button in place of Next on the last one.
import { Button } from '../../components/Button';

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
  return (
    <div className="flex justify-between gap-3">
      <Button variant="secondary" disabled={index === 0} onClick={() => onGo(index - 1)}>
        Previous
      </Button>
      {index === total - 1 ? (
        <Button disabled={submitDisabled} onClick={onSubmit}>
          {submitLabel}
        </Button>
      ) : (
        <Button onClick={() => onGo(index + 1)}>Next</Button>
      )}
    </div>
  );
}
