// Walking the content tree for the cascading selects (program -> paper -> topic or set).
import type { Option } from '../components/Select';
import type { Content } from '../types';

interface Named {
  id: number;
  is_active: boolean;
}

function option(item: Named, label: string): Option {
  // Inactive items stay choosable (an admin may fill them before reactivating) but say so.
  return { value: String(item.id), label: item.is_active ? label : `${label} (inactive)` };
}

export function programOptions(content: Content): Option[] {
  return content.programs.map((p) => option(p, p.name));
}

export function paperOptions(content: Content, programId: string): Option[] {
  if (!programId) return [];
  return content.papers.filter((p) => String(p.program) === programId).map((p) => option(p, p.name));
}

export function topicOptions(content: Content, paperId: string): Option[] {
  if (!paperId) return [];
  return content.topics.filter((t) => String(t.paper) === paperId).map((t) => option(t, t.name));
}

export function mockSetOptions(content: Content, paperId: string): Option[] {
  if (!paperId) return [];
  return content.mockExamSets.filter((s) => String(s.paper) === paperId).map((s) => option(s, s.title));
}

export function practiceSetOptions(content: Content, paperId: string): Option[] {
  if (!paperId) return [];
  const topics = new Map(
    content.topics.filter((t) => String(t.paper) === paperId).map((t) => [t.id, t.name]),
  );
  return content.practiceSets
    .filter((s) => topics.has(s.topic))
    .map((s) => option(s, `${s.title} — ${topics.get(s.topic)}`));
}

/** Whether the viewer may change an item of this school (null: national): school staff may not change national content. */
export const mayChange = (viewer: Content['viewer'], schoolId: number | null) =>
  viewer.school_id === null || schoolId !== null;

const sized = (n: number) => (n === 0 ? 'empty' : n === 1 ? '1 question' : `${n} questions`);

/**
 * The sets an upload may add to: mock sets under the paper, or practice sets under the topic, that
 * the viewer may change.
 */
export function uploadTargetOptions(
  content: Content,
  quizType: 'practice' | 'mock',
  parentId: string,
): Option[] {
  if (!parentId) return [];
  const sets =
    quizType === 'mock'
      ? content.mockExamSets.filter((s) => String(s.paper) === parentId)
      : content.practiceSets.filter((s) => String(s.topic) === parentId);
  return sets
    .filter((s) => mayChange(content.viewer, s.school_id))
    .map((s) => option(s, `${s.title} (${sized(s.total_questions)})`));
}

/** Program, paper and topic of a set, to open the upload on it; null when it is not in `content`. */
export function placementOfSet(content: Content, quizType: 'practice' | 'mock', setId: number) {
  const paperOf = (paperId: number) => content.papers.find((p) => p.id === paperId);
  if (quizType === 'mock') {
    const set = content.mockExamSets.find((s) => s.id === setId);
    const paper = set && paperOf(set.paper);
    return paper ? { programId: paper.program, paperId: paper.id, topicId: null } : null;
  }
  const set = content.practiceSets.find((s) => s.id === setId);
  const topic = set && content.topics.find((t) => t.id === set.topic);
  const paper = topic && paperOf(topic.paper);
  return paper && topic ? { programId: paper.program, paperId: paper.id, topicId: topic.id } : null;
}
