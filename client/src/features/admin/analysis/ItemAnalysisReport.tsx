// The figures of one set: how many first attempts they rest on, what the columns mean, which
// questions are flagged, the share correct per topic, and the table by question.
import { Alert } from '../../../components/Alert';
import { cardClass } from '../components/ui';
import type { ItemAnalysis } from '../types';
import { ItemTable } from './ItemTable';
import { SetTopicTable } from './SetTopicTable';

export function ItemAnalysisReport({ report }: { report: ItemAnalysis }) {
  const flagged = report.questions.filter((q) => q.flags.length).length;
  const group = report.questions.find((q) => q.group_size !== null)?.group_size;
  return (
    <div className="flex flex-col gap-4">
      <div className={`${cardClass} flex flex-col gap-1 text-sm`}>
        <h2 className="text-base font-semibold">{report.set.title}</h2>
        <p className="text-slate-600 dark:text-slate-300">
          {report.attempts} first attempt{report.attempts === 1 ? '' : 's'}: each student&apos;s first graded
          attempt at this set counts, retakes do not.
        </p>
      </div>
      {!report.ready ? (
        <Alert tone="info">
          Figures appear once {report.min_attempts} students have taken this set; {report.attempts} so far.
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <strong>Facility</strong> is the share of attempts that answered a question correctly.{' '}
            <strong>Discrimination</strong> compares the top and bottom 27% of takers by score on the set
            {group ? ` (${group} each)` : ''}: correct in the top group minus correct in the bottom group,
            over the group size, from −1 to 1. A question is flagged when its discrimination is negative or
            its facility is under 20% or over 95%.
          </p>
          <p className="font-medium" aria-live="polite">
            {flagged === 0
              ? 'No question is flagged for review.'
              : `${flagged} of ${report.questions.length} questions flagged for review.`}
          </p>
          <SetTopicTable rows={report.topics} />
          <ItemTable rows={report.questions} />
        </>
      )}
    </div>
  );
}
