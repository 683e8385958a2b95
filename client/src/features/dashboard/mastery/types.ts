import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/router';
import { plural } from '@shared/domain/display';

export type Mastery = inferRouterOutputs<AppRouter>['mastery']['overview'];
export type MasteryProgram = Mastery['programs'][number];
export type WeakTopic = Mastery['weakest'][number];

/** "63% correct · 8 answers · 4 questions seen" (a topic says "4 of 7 questions seen"). */
export function figuresText(f: {
  percentage: number;
  answers: number;
  seen: number;
  total_questions?: number;
}) {
  const seen =
    f.total_questions === undefined
      ? `${plural(f.seen, 'question')} seen`
      : `${f.seen} of ${plural(f.total_questions, 'question')} seen`;
  return `${f.percentage}% correct · ${plural(f.answers, 'answer')} · ${seen}`;
}
