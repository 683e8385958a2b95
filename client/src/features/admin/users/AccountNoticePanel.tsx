// The answer to the last account action; a handed-over link stays selectable here.
import X from 'lucide-react/icons/x';
import { Alert } from '../../../components/Alert';
import { INPUT_CLASS } from '../../../components/TextField';
import { smallButton } from '../components/ui';
import type { AccountNotice } from './useAccountActions';

export function AccountNoticePanel({ notice, onDismiss }: { notice: AccountNotice; onDismiss: () => void }) {
  return (
    <Alert tone={notice.tone}>
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p>{notice.message}</p>
          {notice.link && (
            <label className="flex flex-col gap-1">
              <span className="font-medium">Link for the student</span>
              <input
                readOnly
                value={notice.link.url}
                className={`${INPUT_CLASS} font-mono text-xs`}
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>
          )}
        </div>
        <button type="button" className={smallButton} onClick={onDismiss} aria-label="Dismiss message">
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </Alert>
  );
}
