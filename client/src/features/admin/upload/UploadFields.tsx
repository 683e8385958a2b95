import { TextField } from '../../../components/TextField';
import { ParentSelects } from '../components/ParentSelects';
import type { Content } from '../types';
import type { UploadForm } from './useUploadForm';

export function UploadFields({ form, content }: { form: UploadForm; content: Content }) {
  const practice = form.quizType === 'practice';
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium text-slate-700 dark:text-slate-200">Quiz type</legend>
        <div className="flex gap-4">
          {(['practice', 'mock'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="radio"
                name="quiz_type"
                value={type}
                checked={form.quizType === type}
                onChange={() => form.setQuizType(type)}
              />
              {type === 'practice' ? 'Practice test' : 'Mock exam'}
            </label>
          ))}
        </div>
      </fieldset>
      <ParentSelects content={content} pick={form.pick} depth={practice ? 'topic' : 'paper'} />
      <TextField
        label="Question file"
        hint=".xlsx, .xls or .csv"
        key={form.fileInputKey}
        type="file"
        accept=".xlsx,.xls,.csv"
        onChange={(e) => form.setFile(e.target.files?.[0] ?? null)}
      />
      <TextField
        label="Set title (optional)"
        hint="Defaults to the file name"
        value={form.title}
        maxLength={200}
        onChange={(e) => form.setTitle(e.target.value)}
      />
      {!practice && (
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
