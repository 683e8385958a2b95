// The messages of an upload: success, or the failure with its hint; the 'File Format Issues'
// list of a refused file is shown on its own, after the rows to fix.
import { Alert } from '../../../components/Alert';
import type { UploadFailure } from './sendUpload';

export function UploadFeedback({
  success,
  failure,
}: {
  success: string | null;
  failure: UploadFailure | null;
}) {
  return (
    <>
      {success && <Alert tone="success">{success}</Alert>}
      {failure && (
        <Alert tone="error">
          <p className="font-medium">{failure.message}</p>
          {failure.hint && <p className="mt-1">{failure.hint}</p>}
        </Alert>
      )}
    </>
  );
}

/** The format rules of a refused file, shown below its rows to fix. */
export function FormatIssues({ issues }: { issues: string[] }) {
  if (issues.length === 0) return null;
  return (
    <section
      aria-label="File Format Issues"
      className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200"
    >
      <h3 className="font-medium">File Format Issues</h3>
      <ul className="mt-1 list-disc pl-5">
        {issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </section>
  );
}
