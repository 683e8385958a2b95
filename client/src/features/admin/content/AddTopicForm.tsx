import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ParentSelects } from '../components/ParentSelects';
import { useCascade } from '../hooks/useCascade';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { missingChoice, useAddForm } from './useAddForm';

export function AddTopicForm({ content }: { content: Content }) {
  const create = trpc.admin.createTopic.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const invalid = missingChoice(pick, 'paper') ?? (name.trim() ? null : 'Enter a topic name.');
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
      <ParentSelects content={content} pick={pick} depth="paper" />
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
