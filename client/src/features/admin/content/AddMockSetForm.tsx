import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ParentSelects } from '../components/ParentSelects';
import { useCascade } from '../hooks/useCascade';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { MinutesField } from './MinutesField';
import { NameFields } from './NameFields';
import { missingChoice, useAddForm } from './useAddForm';

export function AddMockSetForm({ content }: { content: Content }) {
  const create = trpc.admin.createMockExamSet.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [minutes, setMinutes] = useState('60');

  const invalid =
    missingChoice(pick, 'paper') ??
    (!title.trim()
      ? 'Enter a title.'
      : /^\d+$/.test(minutes) && Number(minutes) >= 1
        ? null
        : 'Enter the time limit in whole minutes.');
  const onSubmit = () =>
    form.submit(
      invalid,
      () =>
        create.mutateAsync({
          paper_id: Number(pick.paperId),
          title,
          description,
          time_limit_minutes: Number(minutes),
        }),
      `Mock exam set "${title.trim()}" added. Upload its questions under Upload Questions.`,
      () => {
        setTitle('');
        setDescription('');
      },
    );

  return (
    <AddForm
      label="Add mock exam set"
      pending={create.isPending}
      onSubmit={onSubmit}
      problem={form.problem}
      success={form.success}
    >
      <ParentSelects content={content} pick={pick} depth="paper" />
      <NameFields
        nameLabel="Title"
        name={title}
        description={description}
        onName={setTitle}
        onDescription={setDescription}
      />
      <MinutesField value={minutes} onChange={setMinutes} />
    </AddForm>
  );
}
