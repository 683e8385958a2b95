// Inline edit of an item's name or title, description, (mock sets) time limit and (programs) the
// exam-day simulation's size.
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { messageOf } from '../lib/errors';
import type { Item } from './items';
import { MinutesField } from './MinutesField';
import type { useUpdateItem } from './useUpdateItem';

export function EditItemForm({
  item,
  update,
  onDone,
}: {
  item: Item;
  update: ReturnType<typeof useUpdateItem>;
  onDone: () => void;
}) {
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description ?? '');
  const [minutes, setMinutes] = useState(String(item.timeLimit ?? ''));
  const [dayQuestions, setDayQuestions] = useState(String(item.examDay?.questions ?? ''));
  const [dayMinutes, setDayMinutes] = useState(String(item.examDay?.minutes ?? ''));
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem('The name cannot be empty.');
    if (item.timeLimit !== null && !(/^\d+$/.test(minutes) && Number(minutes) >= 1))
      return setProblem('Enter the time limit in whole minutes.');
    setProblem(null);
    try {
      await update.mutateAsync({
        name,
        description: item.description === null ? undefined : description,
        time_limit_minutes: item.timeLimit === null ? undefined : Number(minutes),
        // The server checks the range (1-300 questions, 1-600 minutes) and names the field.
        exam_day_questions: item.examDay ? Number(dayQuestions) : undefined,
        exam_day_minutes: item.examDay ? Number(dayMinutes) : undefined,
      });
      onDone();
    } catch (err) {
      setProblem(messageOf(err, 'Could not save. Please try again.'));
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={`Edit ${item.name}`} className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <TextField label="Name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        {item.description !== null && (
          <TextField
            label="Description"
            value={description}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
        {item.timeLimit !== null && <MinutesField value={minutes} onChange={setMinutes} />}
        {item.examDay && (
          <>
            <TextField
              label="Exam day: questions"
              type="number"
              min={1}
              max={300}
              value={dayQuestions}
              onChange={(e) => setDayQuestions(e.target.value)}
            />
            <MinutesField label="Exam day: minutes" value={dayMinutes} onChange={setDayMinutes} />
          </>
        )}
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
