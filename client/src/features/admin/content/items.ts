// One row model for the five kinds of content, so a single list and edit form serve them all.
import { mayChange } from '../lib/catalog';
import type { Content } from '../types';

export type Kind = 'program' | 'paper' | 'topic' | 'practiceSet' | 'mockSet';

export interface Item {
  kind: Kind;
  id: number;
  name: string;
  /** null: this kind has no description (practice sets). */
  description: string | null;
  /** null: this kind has no time limit (everything but mock sets). */
  timeLimit: number | null;
  isActive: boolean;
  /** Sets only: each attempt gets its own question and option order. null: not a set. */
  shuffle: boolean | null;
  /** A set without questions: students do not see it until questions are uploaded into it. */
  empty: boolean;
  meta: string;
  /** Programs only: the exam-day simulation's size. */
  examDay: { questions: number; minutes: number } | null;
  /** Mock sets only: each attempt draws this many questions; null: fixed. */
  drawCount: number | null;
  /** National content, the viewer's own school's, or (for the platform admin) a school's. */
  owner: Owner;
  /** School staff use national content but cannot change it: no edit controls. */
  readOnly: boolean;
}

export type Owner = 'national' | 'own' | 'school';

export interface ItemPatch {
  name?: string;
  description?: string;
  time_limit_minutes?: number;
  exam_day_questions?: number;
  exam_day_minutes?: number;
  is_active?: boolean;
  shuffle?: boolean;
}

const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/** Whose an item is as the viewer sees it, and whether they may change it. */
function ownership(viewer: Content['viewer'], schoolId: number | null): Pick<Item, 'owner' | 'readOnly'> {
  const readOnly = !mayChange(viewer, schoolId);
  if (schoolId === null) return { owner: 'national', readOnly };
  return { owner: schoolId === viewer.school_id ? 'own' : 'school', readOnly };
}

export function itemsOf(content: Content): Record<Kind, Item[]> {
  const programName = new Map(content.programs.map((p) => [p.id, p.name]));
  const paperProgram = new Map(content.papers.map((p) => [p.id, p.program]));
  const own = (item: { school_id: number | null }) => ownership(content.viewer, item.school_id);
  return {
    program: content.programs.map((p) => ({
      ...own(p),
      kind: 'program',
      id: p.id,
      name: p.name,
      description: p.description,
      timeLimit: null,
      isActive: p.is_active,
      shuffle: null,
      empty: false,
      meta: [p.description, `Exam day: ${p.exam_day_questions} questions in ${p.exam_day_minutes} min`]
        .filter(Boolean)
        .join(' · '),
      examDay: { questions: p.exam_day_questions, minutes: p.exam_day_minutes },
      drawCount: null,
    })),
    paper: content.papers.map((p) => ({
      ...own(p),
      kind: 'paper',
      id: p.id,
      name: p.name,
      description: p.description,
      timeLimit: null,
      isActive: p.is_active,
      shuffle: null,
      empty: false,
      meta: p.program_name,
      examDay: null,
      drawCount: null,
    })),
    topic: content.topics.map((t) => ({
      ...own(t),
      kind: 'topic',
      id: t.id,
      name: t.name,
      description: t.description,
      timeLimit: null,
      isActive: t.is_active,
      shuffle: null,
      empty: false,
      meta: [programName.get(paperProgram.get(t.paper) ?? -1), t.paper_name].filter(Boolean).join(' › '),
      examDay: null,
      drawCount: null,
    })),
    mockSet: content.mockExamSets.map((s) => ({
      ...own(s),
      kind: 'mockSet',
      id: s.id,
      name: s.title,
      description: s.description,
      timeLimit: s.time_limit_minutes,
      isActive: s.is_active,
      shuffle: s.shuffle,
      empty: s.total_questions === 0,
      meta: `${s.program_name} › ${s.paper_name} · ${s.draw_count === null ? questions(s.total_questions) : `drawn: ${questions(s.draw_count)} each attempt`} · ${s.time_limit_minutes} min`,
      examDay: null,
      drawCount: s.draw_count,
    })),
    practiceSet: content.practiceSets.map((s) => ({
      ...own(s),
      kind: 'practiceSet',
      id: s.id,
      name: s.title,
      description: null,
      timeLimit: null,
      isActive: s.is_active,
      shuffle: s.shuffle,
      empty: s.total_questions === 0,
      meta: `${s.paper_name} › ${s.topic_name} · ${questions(s.total_questions)}`,
      examDay: null,
      drawCount: null,
    })),
  };
}
