// "Download" on a practice set's card: keeps the set on the phone for practice with no signal.
import { useEffect, useState } from 'react';
import Download from 'lucide-react/icons/download';
import { Button } from '../../components/Button';
import { firstServerMessage, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { downloadedSet, formatSize, keepSet, OverLimitError } from '../../lib/offline/downloads';
import { itemName } from '../../lib/itemName';

export function DownloadButton({ setId, title }: { setId: number; title: string }) {
  const userId = useSession().user?.id ?? 0;
  const utils = trpc.useUtils();
  const [size, setSize] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void downloadedSet(userId, setId).then((s) => setSize(s?.bytes ?? null));
  }, [userId, setId]);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const set = await utils.client.offline.downloadSet.mutate({ quiz_type: 'practice', quiz_id: setId });
      setSize((await keepSet(userId, set)).bytes);
    } catch (err) {
      setError(
        err instanceof OverLimitError
          ? err.message
          : firstServerMessage(err, [], 'Could not download the set. Check your connection and try again.'),
      );
    } finally {
      setBusy(false);
    }
  }

  const words = busy ? 'Downloading…' : 'Download';
  return (
    <div className="mt-2">
      {size !== null ? (
        <p className="text-center text-sm text-slate-600 dark:text-slate-300" data-testid="downloaded">
          On this phone ({formatSize(size)})
        </p>
      ) : (
        <Button
          variant="secondary"
          className="w-full"
          disabled={busy}
          onClick={download}
          aria-label={itemName(words, title)}
        >
          <Download aria-hidden="true" className="mr-2 h-4 w-4" />
          {words}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
