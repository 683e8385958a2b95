// The messages of SPEC 8: success, or the failure with its 'File Format Issues' list and hint.
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
          {failure.issues.length > 0 && (
            <div className="mt-2">
              <p className="font-medium">File Format Issues</p>
              <ul className="mt-1 list-disc pl-5">
                {failure.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            </div>
          )}
        </Alert>
      )}
    </>
  );
}
