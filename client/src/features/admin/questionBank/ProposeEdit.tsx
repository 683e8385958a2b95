// Opens a reviewed edit of a live question: a draft copied from it, which goes live as the next
// version only once another tutor or an admin approves it.
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { trpc } from '../../../lib/trpc';
import { messageOf } from '../lib/errors';

export function ProposeEdit({ questionId }: { questionId: number }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const open = trpc.questionDrafts.editLive.useMutation({
    onSuccess: async (d) => {
      await utils.questionDrafts.invalidate();
      navigate(`/admin/review/${d.id}`);
    },
  });
  return (
    <section aria-labelledby="propose-edit" className="flex flex-col gap-2">
      <h3 id="propose-edit" className="text-base font-semibold">
        Edit with review
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Write the change as a draft, with rationales; it replaces this question once another tutor or an admin
        approves it.
      </p>
      {open.error && <Alert tone="error">{messageOf(open.error, 'Could not open the draft.')}</Alert>}
      <Button
        variant="secondary"
        className="self-start"
        disabled={open.isPending}
        onClick={() => open.mutate({ id: questionId })}
      >
        Propose an edit for review
      </Button>
    </section>
  );
}
