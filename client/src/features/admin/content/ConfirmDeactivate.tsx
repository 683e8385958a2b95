// Asked before a content item is deactivated: it disappears from every student's lists at once,
// with everything under it, so a slip of the mouse should not do it.
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { Item, Kind } from './items';

const WHAT: Record<Kind, string> = {
  program: 'this program and its papers, topics and sets',
  paper: 'this paper and its topics and sets',
  topic: 'this topic and its practice sets',
  practiceSet: 'this practice set',
  mockSet: 'this mock exam set',
};

export function ConfirmDeactivate({
  item,
  onCancel,
  onConfirm,
}: {
  item: Item;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal title={`Deactivate ${item.name}?`} onClose={onCancel} alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Students will no longer see {WHAT[item.kind]}. Results already taken are kept, and you can reactivate
        it at any time.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Deactivate</Button>
      </div>
    </Modal>
  );
}
