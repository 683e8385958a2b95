// The file format beside the form, with correctly-headed templates to start from.
import Download from 'lucide-react/icons/download';
import { HEADERS, REQUIRED_FORMAT, TOPIC_HEADER } from '@shared/domain/questionFormat';
import { buttonClass } from '../../../components/Button';
import { cardClass } from '../components/ui';

const TEMPLATE_URL = '/api/admin/upload-template/';

export function FormatHelp() {
  return (
    <aside className={`${cardClass} flex flex-col gap-3 text-sm`} aria-label="File format">
      <h2 className="font-semibold">File format</h2>
      <p className="text-slate-600 dark:text-slate-300">Row 1 holds exactly these column headers:</p>
      <p className="font-mono text-xs break-words">{HEADERS.join(', ')}</p>
      <p className="text-slate-600 dark:text-slate-300">
        Optional eighth column: <span className="font-mono text-xs">{TOPIC_HEADER}</span>, a topic of the
        chosen paper, to tag mock questions by topic.
      </p>
      <ul className="list-disc pl-5 text-slate-600 dark:text-slate-300">
        {REQUIRED_FORMAT.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass('secondary')} href={`${TEMPLATE_URL}?format=xlsx`} download>
          <Download className="h-4 w-4" aria-hidden="true" /> Template (.xlsx)
        </a>
        <a className={buttonClass('secondary')} href={`${TEMPLATE_URL}?format=csv`} download>
          <Download className="h-4 w-4" aria-hidden="true" /> Template (.csv)
        </a>
      </div>
    </aside>
  );
}
