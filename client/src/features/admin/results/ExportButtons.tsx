// Download the filtered results list as .xlsx or .csv. The server writes the
// file, so the spreadsheet library stays out of every browser bundle.
import FileDown from 'lucide-react/icons/file-down';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';
import { trpc } from '../../../lib/trpc';
import { messageOf } from '../lib/errors';
import { saveFile } from '../lib/saveFile';
import type { ExportFilter } from '../types';

const FORMATS = [
  { format: 'xlsx', label: 'Download .xlsx' },
  { format: 'csv', label: 'Download .csv' },
] as const;

export function ExportButtons({ filter, disabled }: { filter: ExportFilter; disabled: boolean }) {
  const exporter = trpc.admin.reports.exportResults.useMutation({ onSuccess: saveFile });
  const pending = exporter.isPending ? exporter.variables?.format : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className={buttonClass('secondary')}
            disabled={disabled || exporter.isPending}
            onClick={() => exporter.mutate({ format, filter })}
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {pending === format ? 'Preparing…' : label}
          </button>
        ))}
        <span className="text-xs text-slate-500 dark:text-slate-400">
          The file holds the results these filters match.
        </span>
      </div>
      {exporter.isError && (
        <Alert tone="error">{messageOf(exporter.error, 'The export failed. Please try again.')}</Alert>
      )}
      {exporter.isSuccess && (
        <Alert tone="success">
          Downloaded {exporter.data.file_name} with {exporter.data.rows} result
          {exporter.data.rows === 1 ? '' : 's'}
          {exporter.data.truncated && ': the newest ones only; narrow the filters for older results'}.
        </Alert>
      )}
    </div>
  );
}
