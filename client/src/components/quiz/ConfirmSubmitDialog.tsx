// Every submit asks here first: what is left undone and, for a mock, the time still on the clock,
// so nobody ends an exam by accident with most of its time left.
import { plural } from '@shared/domain/display';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { formatClock } from '../../hooks/useCountdown';

export function ConfirmSubmitDialog({
  unanswered,
  flagged = 0,
  secondsLeft = null,
  onCancel,
  onConfirm,
}: {
  unanswered: number;
  flagged?: number;
  /** The mock's time left; null for an untimed quiz. */
  secondsLeft?: number | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal title="Submit quiz?" onClose={onCancel} alert>
      <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300" data-testid="submit-summary">
        <p>
          {unanswered > 0
            ? `You have ${plural(unanswered, 'unanswered question')}. Unanswered questions are marked wrong.`
            : 'You have answered every question.'}
        </p>
        {flagged > 0 && <p>{`You flagged ${plural(flagged, 'question')} to come back to.`}</p>}
        {secondsLeft !== null && <p>{`Time left: ${formatClock(secondsLeft)}.`}</p>}
        <p>Once submitted, your answers cannot be changed.</p>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Keep Going
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Submit
        </Button>
      </div>
    </Modal>
  );
}
