// The catalogue selects of a list's filters: Program and Paper ("All" by default, the paper
// waiting for a program), and Set, which waits for a kind (a set id means nothing without its
// kind) and a paper.
import { mockSetOptions, paperOptions, practiceSetOptions, programOptions } from '../lib/catalog';
import type { Content } from '../types';
import { Select, type Option } from './Select';

export function ProgramPaperFilters({
  content,
  programId,
  paperId,
  onProgram,
  onPaper,
  words = { program: 'All programs', paper: 'All papers' },
}: {
  content: Content | undefined;
  programId: string;
  paperId: string;
  onProgram: (value: string) => void;
  onPaper: (value: string) => void;
  /** What an unchosen select says: "All ..." in a filter, "Choose a ..." in a picker. */
  words?: { program: string; paper: string };
}) {
  return (
    <>
      <Select
        label="Program"
        value={programId}
        options={content ? programOptions(content) : []}
        placeholder={words.program}
        onChange={onProgram}
        disabled={!content}
      />
      <Select
        label="Paper"
        value={paperId}
        options={content ? paperOptions(content, programId) : []}
        placeholder={programId ? words.paper : 'Choose a program first'}
        onChange={onPaper}
        disabled={!programId}
      />
    </>
  );
}

/** The sets of a kind ('mock' or 'practice') under a paper; none until a kind is chosen. */
export function setsOfKind(content: Content | undefined, kind: string, paperId: string): Option[] {
  if (!content) return [];
  if (kind === 'mock') return mockSetOptions(content, paperId);
  if (kind === 'practice') return practiceSetOptions(content, paperId);
  return [];
}

export function SetFilter({
  kindWord,
  kind,
  paperId,
  value,
  options,
  onChange,
  allWord = 'All sets',
}: {
  /** How the list names a kind: 'type' or 'kind'. */
  kindWord: string;
  /** What the select says with no set chosen. */
  allWord?: string;
  kind: string;
  paperId: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label="Set"
      value={value}
      options={options}
      placeholder={!kind ? `Choose a ${kindWord} first` : paperId ? allWord : 'Choose a paper first'}
      onChange={onChange}
      disabled={!kind || !paperId}
    />
  );
}
