// The program -> paper -> topic selects of the add forms and the upload: each one waits for the
// choice above it, and `depth` is the lowest level asked for.
import type { Cascade, Level } from '../hooks/useCascade';
import { paperOptions, programOptions, topicOptions } from '../lib/catalog';
import type { Content } from '../types';
import { Select } from './Select';

export function ParentSelects({ content, pick, depth }: { content: Content; pick: Cascade; depth: Level }) {
  return (
    <>
      <Select
        label="Program"
        value={pick.programId}
        options={programOptions(content)}
        placeholder="Select a program"
        onChange={pick.setProgram}
      />
      {depth !== 'program' && (
        <Select
          label="Paper"
          value={pick.paperId}
          options={paperOptions(content, pick.programId)}
          placeholder={pick.programId ? 'Select a paper' : 'Select a program first'}
          onChange={pick.setPaper}
          disabled={!pick.programId}
        />
      )}
      {depth === 'topic' && (
        <Select
          label="Topic"
          value={pick.topicId}
          options={topicOptions(content, pick.paperId)}
          placeholder={pick.paperId ? 'Select a topic' : 'Select a paper first'}
          onChange={pick.setTopic}
          disabled={!pick.paperId}
        />
      )}
    </>
  );
}
