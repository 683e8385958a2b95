// One question with its options A-D. Practice adds Check Answer: it locks the question and
// shows the key in green, a wrong choice in red, the correct answer, the explanation and why the
// chosen option is wrong (when its author said).
import { Button } from '../Button';
import { ChoiceRationale } from './ChoiceRationale';
import { FlagToggle } from './FlagToggle';
import { OptionButton } from '../OptionButton';
import { onRadioGroupKeyDown, radioTabIndex } from '../../hooks/radioGroupKeys';
import { NotSureToggle } from './NotSureToggle';
import { keyOf, LETTERS, optionText, type Letter, type QuizQuestion } from './types';

interface QuestionPanelProps {
  /** None for a downloaded set practised offline: its "not sure" marks need the server. */
  sessionId?: number;
  question: QuizQuestion;
  index: number;
  total: number;
  selected: Letter | undefined;
  checked: boolean;
  practice: boolean;
  flagged: boolean;
  onSelect: (letter: Letter) => void;
  onCheck: () => void;
  onToggleFlag: () => void;
}

export function QuestionPanel({
  sessionId,
  question,
  index,
  total,
  selected,
  checked,
  practice,
  flagged,
  onSelect,
  onCheck,
  onToggleFlag,
}: QuestionPanelProps) {
  const key = checked ? keyOf(question) : null;
  return (
    <section
      aria-labelledby="question-text"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <FlagToggle flagged={flagged} onToggle={onToggleFlag} className="float-right ml-3" />
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
        Question {index + 1} of {total}
      </p>
      <h2 id="question-text" className="mt-2 text-lg font-semibold">
        {question.question_text}
      </h2>
      <div
        role="radiogroup"
        aria-labelledby="question-text"
        onKeyDown={onRadioGroupKeyDown}
        className="mt-4 space-y-2"
      >
        {LETTERS.map((letter) => {
          const isSelected = selected === letter;
          const isKey = key?.correct_answer === letter;
          return (
            <OptionButton
              key={letter}
              letter={letter}
              text={optionText(question, letter)}
              selected={isSelected}
              correct={isKey}
              wrong={Boolean(key) && isSelected && !isKey}
              marks
              tabIndex={radioTabIndex(isSelected, letter === 'A', selected !== undefined)}
              disabled={checked}
              onClick={() => onSelect(letter)}
              data-option={letter}
            />
          );
        })}
      </div>
      {sessionId !== undefined && <NotSureToggle sessionId={sessionId} questionId={question.id} />}
      {practice && !checked && (
        <Button className="mt-4" disabled={!selected} onClick={onCheck}>
          Check Answer
        </Button>
      )}
      {key && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <p
            className={`font-semibold ${selected === key.correct_answer ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
          >
            {selected === key.correct_answer ? 'Correct!' : 'Incorrect'}
          </p>
          <p className="mt-1">
            Correct answer:{' '}
            <strong>
              {key.correct_answer}. {optionText(question, key.correct_answer)}
            </strong>
          </p>
          {key.explanation && (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              <span className="font-semibold">Explanation: </span>
              {key.explanation}
            </p>
          )}
          <ChoiceRationale
            question={question}
            selected={selected}
            correct={key.correct_answer}
            className="mt-2 text-slate-700 dark:text-slate-300"
          />
        </div>
      )}
    </section>
  );
}
