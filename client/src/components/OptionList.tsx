// A question's lettered options as one radio group (arrows move and choose). Once `keyLetter` is
// known the key turns green and a wrong choice red. Used by the review card and the sample quiz.
import { onRadioGroupKeyDown, radioTabIndex } from '../hooks/radioGroupKeys';
import { OptionButton } from './OptionButton';

interface OptionListProps {
  labelledBy: string;
  options: { letter: string; text: string }[];
  selected: string | undefined;
  /** The key, once it may be shown. */
  keyLetter: string | undefined;
  disabled: boolean;
  onSelect: (letter: string) => void;
  marks?: boolean;
}

export function OptionList({
  labelledBy,
  options,
  selected,
  keyLetter,
  disabled,
  onSelect,
  marks,
}: OptionListProps) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      onKeyDown={onRadioGroupKeyDown}
      className="mt-4 space-y-2"
    >
      {options.map(({ letter, text }, i) => {
        const isSelected = selected === letter;
        const isKey = keyLetter === letter;
        return (
          <OptionButton
            key={letter}
            letter={letter}
            text={text}
            selected={isSelected}
            correct={isKey}
            wrong={keyLetter !== undefined && isSelected && !isKey}
            marks={marks}
            tabIndex={radioTabIndex(isSelected, i === 0, selected !== undefined)}
            disabled={disabled}
            onClick={() => onSelect(letter)}
            data-option={letter}
          />
        );
      })}
    </div>
  );
}
