import { TextField } from '../../../components/TextField';
import { Select } from '../components/Select';
import { paperOptions, programOptions, topicOptions } from '../lib/catalog';
import type { Content } from '../types';
import type { UploadForm } from './useUploadForm';

export function UploadFields({ form, content }: { form: UploadForm; content: Content }) {
  const { pick } = form;
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
      <Select
        label="Program"
        value={pick.programId}
        options={programOptions(content)}
        placeholder="Select a program"
        onChange={pick.setProgram}
      />
      <Select
        label="Paper"
        value={pick.paperId}
        options={paperOptions(content, pick.programId)}
        placeholder={pick.programId ? 'Select a paper' : 'Select a program first'}
        onChange={pick.setPaper}
        disabled={!pick.programId}
      />
      {practice && (
        <Select
          label="Topic"
          value={pick.topicId}
          options={topicOptions(content, pick.paperId)}
          placeholder={pick.paperId ? 'Select a topic' : 'Select a paper first'}
          onChange={pick.setTopic}
          disabled={!pick.paperId}
        />
      )}
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
