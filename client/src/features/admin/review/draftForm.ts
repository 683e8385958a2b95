// The draft form's values: text fields as typed, and where the question goes as one select value
// ("practice:12", "mock:3").
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/router';
import { mayChange } from '../lib/catalog';
import type { Content } from '../types';

export type Draft = inferRouterOutputs<AppRouter>['questionDrafts']['get'];

export interface DraftForm {
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: string;
  explanation: string;
  rationale_a: string;
  rationale_b: string;
  rationale_c: string;
  rationale_d: string;
  target: string;
  topic_id: string;
}

export const EMPTY_FORM: DraftForm = {
  question_text: '',
  option_a: '',
  option_b: '',
  option_c: '',
  option_d: '',
  correct_answer: '',
  explanation: '',
  rationale_a: '',
  rationale_b: '',
  rationale_c: '',
  rationale_d: '',
  target: '',
  topic_id: '',
};

export function formOf(d: Draft): DraftForm {
  return {
    question_text: d.question_text,
    option_a: d.option_a,
    option_b: d.option_b,
    option_c: d.option_c,
    option_d: d.option_d,
    correct_answer: d.correct_answer,
    explanation: d.explanation,
    rationale_a: d.rationale_a ?? '',
    rationale_b: d.rationale_b ?? '',
    rationale_c: d.rationale_c ?? '',
    rationale_d: d.rationale_d ?? '',
    target: `${d.quiz_type}:${d.set_id}`,
    topic_id: d.topic_id === null ? '' : String(d.topic_id),
  };
}

/** The save procedure's input: the target split into kind and set. */
export function inputOf(form: DraftForm) {
  const [quiz_type, set_id] = form.target.split(':');
  const { target: _target, ...fields } = form;
  return { ...fields, quiz_type, set_id, topic_id: form.topic_id };
}

/** Every set a question may go to (school staff: their school's own), practice sets with their topic. */
export function targetOptions(content: Content | undefined) {
  if (!content) return [];
  const topics = new Map(content.topics.map((t) => [t.id, t.name]));
  const ours = <T extends { school_id: number | null }>(sets: T[]) =>
    sets.filter((s) => mayChange(content.viewer, s.school_id));
  return [
    ...ours(content.practiceSets).map((s) => ({
      value: `practice:${s.id}`,
      label: `Practice: ${s.title} (${topics.get(s.topic) ?? ''})`,
    })),
    ...ours(content.mockExamSets).map((s) => ({ value: `mock:${s.id}`, label: `Mock: ${s.title}` })),
  ];
}

/** The topics the question may take: its practice set's, or those of its mock set's paper. */
export function topicOptions(content: Content | undefined, target: string) {
  if (!content || !target) return [];
  const [kind, id] = target.split(':');
  if (kind === 'practice') {
    const set = content.practiceSets.find((s) => String(s.id) === id);
    return content.topics
      .filter((t) => t.id === set?.topic)
      .map((t) => ({ value: String(t.id), label: t.name }));
  }
  const mock = content.mockExamSets.find((s) => String(s.id) === id);
  return content.topics
    .filter((t) => t.paper === mock?.paper)
    .map((t) => ({ value: String(t.id), label: t.name }));
}
