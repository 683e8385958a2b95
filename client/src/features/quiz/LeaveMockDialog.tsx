// Asked when a student leaves a running mock (Back, a link): the clock does not stop, so leaving
// by accident costs exam time.
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';

export function LeaveMockDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Modal title="Leave the exam?" onClose={onStay} alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The clock keeps running while you are away. Your answers are saved, and you can resume this exam from
        Mock Exams until the time runs out.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onLeave}>
          Leave
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay in the exam
        </Button>
      </div>
    </Modal>
  );
}
