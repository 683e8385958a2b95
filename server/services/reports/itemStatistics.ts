// The figures of item analysis, as Moodle's quiz statistics report gives them (docs/reports.md):
// per question the facility index (share correct), the discrimination index (top 27% of takers
// against the bottom 27%, by their score on the set), how often each option was chosen or left
// blank, and flags for the questions worth reviewing. Pure: the caller reads the attempts.
import type { AnswerLetter } from '../../../db/schema';

/** Fewer attempts than this and the figures say more about the takers than the question. */
export const MIN_ATTEMPTS = 10;
/** Kelley's 27%: the share of takers in each of the top and bottom groups. */
export const GROUP_SHARE = 0.27;
export const FACILITY_LOW = 0.2;
export const FACILITY_HIGH = 0.95;

export interface Attempt {
  /** Orders takers with the same score: the earlier result ranks first. */
  resultId: number;
  /** Share of the set answered correctly, 0 to 1. */
  score: number;
  questionIds: readonly number[];
  answers: ReadonlyMap<number, AnswerLetter>;
}

export interface KeyedQuestion {
  id: number;
  correct_answer: AnswerLetter;
}

export type Flag = 'negative_discrimination' | 'too_hard' | 'too_easy';

export interface ItemFigures {
  attempts: number;
  correct: number;
  chosen: Record<AnswerLetter, number>;
  blank: number;
  /** null below MIN_ATTEMPTS, with the discrimination. */
  facility: number | null;
  discrimination: number | null;
  group_size: number | null;
  flags: Flag[];
}

export function groupSize(takers: number): number {
  return Math.max(1, Math.round(takers * GROUP_SHARE));
}

function flagsOf(facility: number, discrimination: number): Flag[] {
  const flags: Flag[] = [];
  if (discrimination < 0) flags.push('negative_discrimination');
  if (facility < FACILITY_LOW) flags.push('too_hard');
  if (facility > FACILITY_HIGH) flags.push('too_easy');
  return flags;
}

/** Best first; ties by the earlier result, so the same data always gives the same groups. */
function byScore(a: Attempt, b: Attempt): number {
  return b.score - a.score || a.resultId - b.resultId;
}

/** The figures of one question over the attempts that were asked it. */
export function itemFigures(question: KeyedQuestion, allAttempts: readonly Attempt[]): ItemFigures {
  const asked = allAttempts.filter((a) => a.questionIds.includes(question.id)).sort(byScore);
  const isCorrect = (a: Attempt) => a.answers.get(question.id) === question.correct_answer;
  const chosen: Record<AnswerLetter, number> = { A: 0, B: 0, C: 0, D: 0 };
  for (const a of asked) {
    const letter = a.answers.get(question.id);
    if (letter) chosen[letter]++;
  }
  const answered = chosen.A + chosen.B + chosen.C + chosen.D;
  const correct = asked.filter(isCorrect).length;
  const base = { attempts: asked.length, correct, chosen, blank: asked.length - answered };
  if (asked.length < MIN_ATTEMPTS) {
    return { ...base, facility: null, discrimination: null, group_size: null, flags: [] };
  }
  const size = groupSize(asked.length);
  const top = asked.slice(0, size).filter(isCorrect).length;
  const bottom = asked.slice(-size).filter(isCorrect).length;
  const facility = correct / asked.length;
  const discrimination = (top - bottom) / size;
  return { ...base, facility, discrimination, group_size: size, flags: flagsOf(facility, discrimination) };
}
