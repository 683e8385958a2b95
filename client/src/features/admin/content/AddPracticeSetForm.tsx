import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { Select } from '../components/Select';
import { useCascade } from '../hooks/useCascade';
import { paperOptions, programOptions, topicOptions } from '../lib/catalog';
import type { Content } from '../types';
import { AddForm } from './AddForm';
import { NameFields } from './NameFields';
import { useAddForm } from './useAddForm';

export function AddPracticeSetForm({ content }: { content: Content }) {
  const create = trpc.admin.createPracticeSet.useMutation();
  const form = useAddForm();
  const pick = useCascade();
  const [title, setTitle] = useState('');

  const invalid = !pick.programId
    ? 'Choose a program.'
    : !pick.paperId
      ? 'Choose a paper.'
      : !pick.topicId
        ? 'Choose a topic.'
        : title.trim()
          ? null
          : 'Enter a title.';
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
      <Select
        label="Topic"
        value={pick.topicId}
        options={topicOptions(content, pick.paperId)}
        placeholder={pick.paperId ? 'Select a topic' : 'Select a paper first'}
        onChange={pick.setTopic}
        disabled={!pick.paperId}
      />
      <NameFields nameLabel="Title" name={title} onName={setTitle} />
    </AddForm>
  );
}
