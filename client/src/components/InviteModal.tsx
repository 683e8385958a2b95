// Invite a friend: the site's own address is the link to share.
import { useEffect, useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Check from 'lucide-react/icons/check';
import { copyText } from '../lib/clipboard';
import { Button } from './Button';
import { Modal } from './Modal';
import { INPUT_CLASS } from './TextField';

const COPIED_MS = 2000;

export function InviteModal({ onClose }: { onClose: () => void }) {
  const link = window.location.origin;
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const ok = await copyText(link);
    setFailed(!ok);
    setCopied(ok);
  }

  return (
    <Modal title="Invite a Friend" onClose={onClose}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Preparing for the licensing exam is easier together. Share this link with a classmate.
      </p>
      <label htmlFor="invite-link" className="mb-1 block text-sm font-medium">
        Share link
      </label>
      <div className="flex gap-2">
        <input
          id="invite-link"
          readOnly
          value={link}
          className={INPUT_CLASS}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button onClick={copy} aria-live="polite">
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      {failed && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">
          Copy did not work here: select the link and copy it by hand.
        </p>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
