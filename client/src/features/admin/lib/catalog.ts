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
