// Upload Questions: choose where the questions go and the file,
// preview the parsed rows and every failing row, then upload.
import Eye from 'lucide-react/icons/eye';
import Upload from 'lucide-react/icons/upload';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { buttonClass } from '../../../components/Button';
import { cardClass } from '../components/ui';
import { placementOfSet } from '../lib/catalog';
import type { AdminData } from '../hooks/useAdminData';
import { FormatHelp } from './FormatHelp';
import { PreviewPanel } from './PreviewPanel';
import { FormatIssues, UploadFeedback } from './UploadFeedback';
import { UploadFields } from './UploadFields';
import { useUploadForm } from './useUploadForm';

/** /admin/questions?type=practice&set=ID (Content Management's "Add questions") opens on that set. */
function useOpenOnLinkedSet(content: AdminData['content']['data'], form: ReturnType<typeof useUploadForm>) {
  const [params] = useSearchParams();
  const opened = useRef(false);
  const type = params.get('type') === 'mock' ? 'mock' : 'practice';
  const setId = Number(params.get('set'));
  useEffect(() => {
    if (opened.current || !content || !setId) return;
    opened.current = true;
    const place = placementOfSet(content, type, setId);
    if (place) form.openOn(type, place, setId);
  }, [content, type, setId, form]);
}

const uploadLabel = (n: number) => `Upload ${n} question${n === 1 ? '' : 's'}`;

export function UploadTab({ content }: Pick<AdminData, 'content'>) {
  const form = useUploadForm(content.data);
  useOpenOnLinkedSet(content.data, form);
  if (content.isPending) return <SkeletonGrid count={3} label="Loading programs and papers…" />;
  if (content.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load content." onRetry={() => content.refetch()} />
    );

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <form
        className={`${cardClass} flex flex-col gap-4 lg:col-span-2`}
        aria-label="Upload questions"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void (form.previewed ? form.upload() : form.preview());
        }}
      >
        <UploadFields form={form} content={content.data} />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass(form.previewed ? 'secondary' : 'primary')}
            disabled={form.busy !== null}
            onClick={() => void form.preview()}
          >
            <Eye className="h-4 w-4" aria-hidden="true" />
            {form.busy === 'preview' ? 'Checking...' : 'Preview'}
          </button>
          {form.previewed && (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={form.busy !== null}
              onClick={() => void form.upload()}
            >
              <Upload className="h-4 w-4" aria-hidden="true" />
              {form.busy === 'upload' ? 'Uploading...' : uploadLabel(form.answer?.total_questions ?? 0)}
            </button>
          )}
        </div>
        {/* The verdict and the rows to fix sit right under the buttons, where the eye goes after a click. */}
        <UploadFeedback success={form.success} failure={form.failure} />
        {form.answer && <PreviewPanel answer={form.answer} />}
        {/* After the rows to fix: what is wrong with this file comes before the rules for every file. */}
        {form.failure && <FormatIssues issues={form.failure.issues} />}
      </form>
      <FormatHelp />
    </div>
  );
}
