import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { Select } from '../components/Select';
import { useCascade } from '../hooks/useCascade';
import { paperOptions, programOptions } from '../lib/catalog';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { useAddForm } from './useAddForm';

export function AddTopicForm({ content }: { content: Content }) {
  const create = trpc.admin.createTopic.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const invalid = !pick.programId
    ? 'Choose a program.'
    : !pick.paperId
      ? 'Choose a paper.'
      : name.trim()
        ? null
        : 'Enter a topic name.';
  const onSubmit = () =>
    form.submit(
      invalid,
      () => create.mutateAsync({ paper_id: Number(pick.paperId), name, description }),
      `Topic "${name.trim()}" added.`,
      () => {
        setName('');
        setDescription('');
      },
    );

  return (
    <AddForm
      label="Add topic"
      pending={create.isPending}
      onSubmit={onSubmit}
      problem={form.problem}
      success={form.success}
    >
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
      <NameFields
        nameLabel="Topic name"
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
      />
    </AddForm>
  );
}
