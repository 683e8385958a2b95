// Why the option a student chose is wrong, when the question's author said so: shown beside the
// explanation after a practice answer is checked and in a result's review.
import { rationaleOf, type Letter } from '@shared/domain/optionOrder';

interface Props {
  question: object;
  selected: Letter | null | undefined;
  correct: Letter;
  className?: string;
}

export function ChoiceRationale({ question, selected, correct, className = '' }: Props) {
  const rationale = selected && selected !== correct ? rationaleOf(question, selected) : null;
  if (!rationale) return null;
  return (
    <p data-testid="choice-rationale" className={className}>
      <span className="font-semibold">Why {selected} is wrong: </span>
      {rationale}
    </p>
  );
}
