// The class view (docs/reports.md): per topic, the share of students' answers that were right,
// weakest topic first, so a tutor sees where the class needs teaching.
import type { DB } from '../../../db/client';
import type { ClassViewFilter } from '../../../shared/schemas/reports';
import { answersByTopic, profileChoices } from '../../queries/reports';

/** Over every student's answers, or one school's students' (`schoolId`). */
export async function classView(db: DB, filter: ClassViewFilter, schoolId: number | null) {
  const [rows, choices] = await Promise.all([
    answersByTopic(db, filter, schoolId),
    profileChoices(db, schoolId),
  ]);
  const topics = rows
    .map((r) => {
      const answers = Number(r.answers);
      const correct = Number(r.correct);
      return {
        topic_id: r.topic_id,
        topic_name: r.topic_name,
        paper_name: r.paper_name,
        program_name: r.program_name,
        answers,
        correct,
        students: Number(r.students),
        share_correct: correct / answers,
      };
    })
    .sort(
      (a, b) =>
        a.share_correct - b.share_correct ||
        b.answers - a.answers ||
        a.topic_name.localeCompare(b.topic_name),
    );
  return { filter, topics, ...choices };
}
export type ClassView = Awaited<ReturnType<typeof classView>>;
