// Live questions worth a second look, with why: item analysis flags them (negative
// discrimination, or a facility under 20% or over 95%, once MIN_ATTEMPTS students took the set),
// or at least FLAGGED_BY students flagged them. School staff see their own school's questions.
import type { DB } from '../../../db/client';
import { plural } from '../../../shared/domain/display';
import { flaggedQuestions, listedQuestions, setsWithAttempts } from '../../queries/needsReview';
import { scopedSchoolId, type StaffScope } from '../staffScope';
import { itemAnalysis } from './itemAnalysis';
import { FACILITY_HIGH, FACILITY_LOW, MIN_ATTEMPTS, type Flag } from './itemStatistics';

/** Students who flagged a question before it is listed. */
export const FLAGGED_BY = 3;

const percent = (x: number) => `${Math.round(x * 100)}%`;

function reasonOf(
  flag: Flag,
  q: { facility: number | null; discrimination: number | null; attempts: number },
) {
  const of = `of ${q.attempts} students`;
  if (flag === 'negative_discrimination')
    return `Negative discrimination (${(q.discrimination ?? 0).toFixed(2)}): weaker students got it right more often than stronger ones.`;
  if (flag === 'too_hard')
    return `Facility ${percent(q.facility ?? 0)} ${of}, under ${percent(FACILITY_LOW)}: check the key and the wording.`;
  return `Facility ${percent(q.facility ?? 0)} ${of}, over ${percent(FACILITY_HIGH)}: it may be too easy to tell anything.`;
}

export async function needsReview(db: DB, scope: StaffScope) {
  const schoolId = scopedSchoolId(scope);
  const reasons = new Map<number, string[]>();
  const add = (id: number, reason: string) => reasons.set(id, [...(reasons.get(id) ?? []), reason]);

  for (const ref of await setsWithAttempts(db, MIN_ATTEMPTS, schoolId)) {
    const analysis = await itemAnalysis(db, ref, schoolId);
    for (const q of analysis.questions) for (const flag of q.flags) add(q.id, reasonOf(flag, q));
  }
  for (const f of await flaggedQuestions(db, FLAGGED_BY, schoolId))
    add(f.id, `Flagged by ${plural(Number(f.students), 'student')}.`);

  const rows = await listedQuestions(db, [...reasons.keys()]);
  return rows
    .filter((r) => r.replaced_by_id === null && (schoolId === null || r.school_id === schoolId))
    .map((r) => ({
      id: r.id,
      question_text: r.question_text,
      set_title: r.set_title,
      reasons: reasons.get(r.id) ?? [],
    }))
    .sort((a, b) => b.reasons.length - a.reasons.length || a.id - b.id);
}
