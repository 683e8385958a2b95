import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { useAddForm } from './useAddForm';

export function AddProgramForm() {
  const create = trpc.admin.createProgram.useMutation();
  const form = useAddForm();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const onSubmit = () =>
    form.submit(
      name.trim() ? null : 'Enter a program name.',
      () => create.mutateAsync({ name, description }),
      `Program "${name.trim()}" added.`,
      () => {
        setName('');
        setDescription('');
      },
    );

  return (
    <AddForm
      label="Add program"
      pending={create.isPending}
      onSubmit={onSubmit}
      problem={form.problem}
      success={form.success}
    >
      <NameFields
        nameLabel="Program name"
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
      />
    </AddForm>
  );
}
