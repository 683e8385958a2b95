import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';

export function ConfirmSubmitDialog({
  unanswered,
  onCancel,
  onConfirm,
}: {
  unanswered: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal title="Submit quiz?" onClose={onCancel} alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {unanswered > 0
          ? `You have ${unanswered} unanswered question${unanswered === 1 ? '' : 's'}. Unanswered questions are marked wrong.`
          : 'You have answered every question.'}{' '}
        Once submitted, your answers cannot be changed.
      </p>
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
