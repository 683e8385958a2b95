// The title offered for a new set: named after where it goes, numbered past the sets already
// there, so an upload of "good.xlsx" does not become a set called "good" unnoticed.
import type { Content } from '../types';

export function suggestTitle(content: Content, quizType: 'practice' | 'mock', parentId: string): string {
  if (!parentId) return '';
  const practice = quizType === 'practice';
  const parent = practice
    ? content.topics.find((t) => String(t.id) === parentId)
    : content.papers.find((p) => String(p.id) === parentId);
  if (!parent) return '';
  const taken = new Set(
    (practice
      ? content.practiceSets.filter((s) => String(s.topic) === parentId)
      : content.mockExamSets.filter((s) => String(s.paper) === parentId)
    ).map((s) => s.title.toLowerCase()),
  );
  const base = `${parent.name} ${practice ? 'practice set' : 'mock exam'}`;
  let n = taken.size + 1;
  while (taken.has(`${base} ${n}`.toLowerCase())) n++;
  return `${base} ${n}`;
}
