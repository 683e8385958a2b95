// Shuffle on or off for one practice or mock set: on, each attempt gets its
// own question and option order; running attempts keep the order they have.
import Shuffle from 'lucide-react/icons/shuffle';
import { smallButton } from '../components/ui';
import type { Item } from './items';
import type { useUpdateItem } from './useUpdateItem';

export function ShuffleToggle({ item, update }: { item: Item; update: ReturnType<typeof useUpdateItem> }) {
  if (item.shuffle === null) return null;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={item.shuffle}
      className={smallButton}
      disabled={update.isPending}
      onClick={() => update.mutate({ shuffle: !item.shuffle })}
      aria-label={`Shuffle each attempt of ${item.name}`}
    >
      <Shuffle className="h-3.5 w-3.5" aria-hidden="true" />
      {item.shuffle ? 'Shuffle: on' : 'Shuffle: off'}
    </button>
  );
}
