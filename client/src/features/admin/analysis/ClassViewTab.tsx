// Class View: per topic, the share of students' answers that were correct,
// weakest topic first, for every student or one school's or one program of study's.
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { trpc } from '../../../lib/trpc';
import { Loaded } from '../components/Loaded';
import { Select } from '../components/Select';
import type { ClassView } from '../types';
import { TopicTable } from './TopicTable';

const FILTERS = [
  { key: 'school', label: 'School', all: 'All schools', choices: 'schools' },
  {
    key: 'program_of_study',
    label: 'Program of study',
    all: 'All programs of study',
    choices: 'programs_of_study',
  },
] as const;

type Filter = Record<(typeof FILTERS)[number]['key'], string>;

function Topics({ view, filtered }: { view: ClassView; filtered: boolean }) {
  if (view.topics.length) return <TopicTable rows={view.topics} />;
  return (
    <EmptyState
      title="No answers yet"
      message={
        filtered
          ? 'No student of this school or program of study has submitted a practice set.'
          : 'Figures appear once students submit practice sets.'
      }
    />
  );
}

export function ClassViewTab() {
  const [filter, setFilter] = useState<Filter>({ school: '', program_of_study: '' });
  const view = trpc.admin.reports.classView.useQuery(filter, { placeholderData: keepPreviousData });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FILTERS.map((f) => (
          <Select
            key={f.key}
            label={f.label}
            value={filter[f.key]}
            options={(view.data?.[f.choices] ?? []).map((v) => ({ value: v, label: v }))}
            placeholder={f.all}
            onChange={(value) => setFilter({ ...filter, [f.key]: value })}
          />
        ))}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        The share of answers given in submitted practice sets that were correct, weakest topic first.
        Questions left blank are not counted; mock exams are not either, as their questions belong to a paper
        rather than a topic.
      </p>
      <Loaded query={view} loading="Loading the class view…" failed="Failed to load the class view.">
        {(data) => <Topics view={data} filtered={Boolean(filter.school || filter.program_of_study)} />}
      </Loaded>
    </div>
  );
}
