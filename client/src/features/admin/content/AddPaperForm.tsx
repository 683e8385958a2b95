import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ParentSelects } from '../components/ParentSelects';
import { useCascade } from '../hooks/useCascade';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { missingChoice, useAddForm } from './useAddForm';

export function AddPaperForm({ content }: { content: Content }) {
  const create = trpc.admin.createPaper.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const onSubmit = () =>
    form.submit(
      missingChoice(pick, 'program') ?? (name.trim() ? null : 'Enter a paper name.'),
      () => create.mutateAsync({ program_id: Number(pick.programId), name, description }),
      `Paper "${name.trim()}" added.`,
      () => {
        setName('');
        setDescription('');
      },
    );

  return (
    <AddForm
      label="Add paper"
      pending={create.isPending}
      onSubmit={onSubmit}
      problem={form.problem}
      success={form.success}
    >
      <ParentSelects content={content} pick={pick} depth="program" />
      <NameFields
        nameLabel="Paper name"
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
      />
    </AddForm>
  );
}
