// What the dry run found: the parsed rows and warnings, or every failing row (row, column,
// reason), before anything is saved.
import { tableClass, tdClass, thClass } from '../components/ui';
import type { UploadAnswer } from '../types';
import { ScrollBox } from '../components/ScrollBox';

export function PreviewPanel({ answer }: { answer: Partial<UploadAnswer> }) {
  const rowErrors = answer.row_errors ?? [];
  const rows = answer.preview ?? [];
  const warnings = answer.warnings ?? [];
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      {rowErrors.length > 0 && (
        <div>
          <h3 className="font-semibold text-red-700 dark:text-red-300">
            Rows to fix ({answer.row_error_count ?? rowErrors.length})
          </h3>
          {(answer.row_error_count ?? 0) > rowErrors.length && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              The first {rowErrors.length} problems are listed.
            </p>
          )}
          <ScrollBox
            label="Failing rows"
            className="mt-2 max-h-80 overflow-auto rounded border border-red-200 dark:border-red-900"
          >
            <table className={tableClass} aria-label="Rows to fix">
              <thead>
                <tr>
                  <th className={thClass}>Row</th>
                  <th className={thClass}>Column</th>
                  <th className={thClass}>Reason</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((e, i) => (
                  <tr key={`${e.row}-${e.column}-${i}`}>
                    <td className={tdClass}>{e.row}</td>
                    <td className={`${tdClass} font-mono text-xs`}>{e.column}</td>
                    <td className={tdClass}>{e.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      )}
      {answer.success && answer.dry_run && (
        <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-800 dark:bg-slate-800 dark:text-brand-100">
          {answer.message}
        </p>
      )}
      {warnings.length > 0 && (
        <div>
          <h3 className="font-semibold text-amber-700 dark:text-amber-300">
            Warnings ({answer.warning_count ?? warnings.length})
          </h3>
          {(answer.warning_count ?? 0) > warnings.length && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              The first {warnings.length} warnings are listed.
            </p>
          )}
          <ScrollBox label="Warnings" className="mt-1 max-h-40 overflow-auto text-sm">
            <ul className="list-disc pl-5">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </ScrollBox>
        </div>
      )}
      {rows.length > 0 && (
        <div>
          <h3 className="font-semibold">
            First {rows.length} of {answer.total_questions ?? rows.length} questions
          </h3>
          <ScrollBox
            label="Parsed rows"
            className="mt-2 overflow-x-auto rounded border border-slate-200 dark:border-slate-700"
          >
            <table className={tableClass} aria-label="Parsed questions">
              <thead>
                <tr>
                  <th className={thClass}>Row</th>
                  <th className={thClass}>Question</th>
                  <th className={thClass}>Options</th>
                  <th className={thClass}>Answer</th>
                  <th className={thClass}>Explanation</th>
                  <th className={thClass}>Topic</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.row}>
                    <td className={tdClass}>{r.row}</td>
                    <td className={tdClass}>{r.question_text}</td>
                    <td className={`${tdClass} text-xs`}>
                      A. {r.option_a}
                      <br />
                      B. {r.option_b}
                      <br />
                      C. {r.option_c}
                      <br />
                      D. {r.option_d}
                    </td>
                    <td className={tdClass}>{r.correct_answer}</td>
                    <td className={`${tdClass} text-xs`}>{r.explanation || '—'}</td>
                    <td className={`${tdClass} text-xs`}>{r.topic || 'Untagged'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      )}
    </section>
  );
}
