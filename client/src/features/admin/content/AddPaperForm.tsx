import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { Select } from '../components/Select';
import { programOptions } from '../lib/catalog';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { useAddForm } from './useAddForm';

export function AddPaperForm({ content }: { content: Content }) {
  const create = trpc.admin.createPaper.useMutation();
  const form = useAddForm();
  const [programId, setProgramId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const onSubmit = () =>
    form.submit(
      !programId ? 'Choose a program.' : name.trim() ? null : 'Enter a paper name.',
      () => create.mutateAsync({ program_id: Number(programId), name, description }),
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
      <Select
        label="Program"
        value={programId}
        options={programOptions(content)}
        placeholder="Select a program"
        onChange={setProgramId}
      />
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
