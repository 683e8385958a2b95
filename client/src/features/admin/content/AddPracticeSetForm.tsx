import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ParentSelects } from '../components/ParentSelects';
import { useCascade } from '../hooks/useCascade';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { missingChoice, useAddForm } from './useAddForm';

export function AddPracticeSetForm({ content }: { content: Content }) {
  const create = trpc.admin.createPracticeSet.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [title, setTitle] = useState('');

  const invalid = missingChoice(pick, 'topic') ?? (title.trim() ? null : 'Enter a title.');
  const onSubmit = () =>
    form.submit(
      invalid,
      () => create.mutateAsync({ topic_id: Number(pick.topicId), title }),
      `Practice set "${title.trim()}" added. Upload its questions under Upload Questions.`,
      () => setTitle(''),
    );

  return (
    <AddForm
      label="Add practice set"
      pending={create.isPending}
      onSubmit={onSubmit}
      problem={form.problem}
      success={form.success}
    >
      <ParentSelects content={content} pick={pick} depth="topic" />
      <NameFields nameLabel="Title" name={title} onName={setTitle} />
    </AddForm>
  );
}
