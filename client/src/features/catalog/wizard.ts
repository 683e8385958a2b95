// Paths and names of the two wizards: mock (programs > papers > exam sets) and
// practice (programs > papers > topics > practice sets).
export type WizardMode = 'mock' | 'practice';

export const WIZARD_ROOT: Record<WizardMode, { path: string; label: string }> = {
  mock: { path: '/mock-exams', label: 'Mock Exams' },
  practice: { path: '/practice-tests', label: 'Practice Tests' },
};

export const papersPath = (mode: WizardMode, programId: number | string) =>
  `${WIZARD_ROOT[mode].path}/${programId}/papers`;

export const mockSetsPath = (programId: number | string, paperId: number | string) =>
  `${papersPath('mock', programId)}/${paperId}/exam-sets`;

export const topicsPath = (programId: number | string, paperId: number | string) =>
  `${papersPath('practice', programId)}/${paperId}/topics`;

export const practiceSetsPath = (
  programId: number | string,
  paperId: number | string,
  topicId: number | string,
) => `${topicsPath(programId, paperId)}/${topicId}/practice-sets`;

/** Route params arrive as text; a non-number never reaches the server. */
export function idParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
