import { TextField } from '../../../components/TextField';
import { ParentSelects } from '../components/ParentSelects';
import { Select } from '../components/Select';
import { uploadTargetOptions } from '../lib/catalog';
import type { Content } from '../types';
import type { UploadForm } from './useUploadForm';

export function UploadFields({ form, content }: { form: UploadForm; content: Content }) {
  const practice = form.quizType === 'practice';
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <RadioChoice
        legend="Quiz type"
        name="quiz_type"
        value={form.quizType}
        choices={[
          ['practice', 'Practice test'],
          ['mock', 'Mock exam'],
        ]}
        onChange={form.setQuizType}
      />
      <ParentSelects content={content} pick={form.pick} depth={practice ? 'topic' : 'paper'} />
      <TargetChoice form={form} content={content} />
      <TextField
        label="Question file"
        hint=".xlsx, .xls or .csv"
        key={form.fileInputKey}
        type="file"
        accept=".xlsx,.xls,.csv"
        onChange={(e) => form.setFile(e.target.files?.[0] ?? null)}
      />
      {form.target === 'new' && (
        <TextField
          label="Set title"
          hint="Students see this title. Suggested from the topic or paper: change it as you like."
          required
          value={form.title}
          maxLength={200}
          onChange={(e) => form.setTitle(e.target.value)}
        />
      )}
      {form.target === 'new' && !practice && (
        <TextField
          label="Time limit in minutes (optional)"
          hint="Defaults to 60"
          type="number"
          min={1}
          max={600}
          value={form.timeLimit}
          onChange={(e) => form.setTimeLimit(e.target.value)}
        />
      )}
    </div>
  );
}

/** A new set, or one that exists under the chosen topic (practice) or paper (mock). */
function TargetChoice({ form, content }: { form: UploadForm; content: Content }) {
  const practice = form.quizType === 'practice';
  const parentId = practice ? form.pick.topicId : form.pick.paperId;
  return (
    <>
      <RadioChoice
        legend="Add the questions to"
        name="target"
        value={form.target}
        choices={[
          ['new', 'A new set'],
          ['existing', 'A set that exists'],
        ]}
        onChange={form.setTarget}
      />
      {form.target === 'existing' && (
        <Select
          label={practice ? 'Practice set' : 'Mock exam set'}
          value={form.setId}
          options={uploadTargetOptions(content, form.quizType, parentId)}
          placeholder={parentId ? 'Select a set' : `Select a ${practice ? 'topic' : 'paper'} first`}
          onChange={form.setSetId}
          disabled={!parentId}
        />
      )}
    </>
  );
}

/** A row of radio buttons under a legend. */
function RadioChoice<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: Array<[T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
      <legend className="mb-1 font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map(([choice, label]) => (
          <label key={choice} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
