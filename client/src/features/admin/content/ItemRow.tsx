// One content item: its name, whose it is and context, Edit (inline), a set's Shuffle switch and
// Deactivate / Reactivate; national content shows none of these to school staff.
import { useState } from 'react';
import Dices from 'lucide-react/icons/dices';
import Pencil from 'lucide-react/icons/pencil';
import Power from 'lucide-react/icons/power';
import Upload from 'lucide-react/icons/upload';
import { Link } from 'react-router-dom';
import { smallButton } from '../components/ui';
import { messageOf } from '../lib/errors';
import { BlueprintForm } from './BlueprintForm';
import { ConfirmDeactivate } from './ConfirmDeactivate';
import { EditItemForm } from './EditItemForm';
import { ShuffleToggle } from './ShuffleToggle';
import type { Item, Owner } from './items';
import { useUpdateItem } from './useUpdateItem';

const OWNER_LABEL: Record<Owner, string> = { national: 'National', own: 'Your school', school: 'A school’s' };

function OwnerBadge({ item }: { item: Item }) {
  // A single-school install (everything national, a platform admin) shows no badge at all.
  if (item.owner === 'national' && !item.readOnly) return null;
  return (
    <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-normal text-sky-900 dark:bg-sky-950 dark:text-sky-100">
      {OWNER_LABEL[item.owner]}
      {item.readOnly && ': read-only'}
    </span>
  );
}

export function ItemRow({ item }: { item: Item }) {
  const update = useUpdateItem(item);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [drawing, setDrawing] = useState(false);

  if (drawing) {
    return (
      <li className="py-2">
        <BlueprintForm item={item} onDone={() => setDrawing(false)} />
      </li>
    );
  }
  if (editing) {
    return (
      <li className="py-2">
        <EditItemForm item={item} update={update} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          <span>{item.name}</span>
          <OwnerBadge item={item} />
          {!item.isActive && (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              Inactive
            </span>
          )}
          {item.empty && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              Empty: hidden from students
            </span>
          )}
        </p>
        {item.meta && <p className="text-xs break-words text-slate-500 dark:text-slate-400">{item.meta}</p>}
        {update.isError && (
          <p role="alert" className="text-xs text-red-600">
            {messageOf(update.error, 'Could not save. Please try again.')}
          </p>
        )}
      </div>
      {!item.readOnly && (
        <div className="flex flex-wrap gap-1">
          {(item.kind === 'practiceSet' || item.kind === 'mockSet') && (
            <Link
              to={`/admin/questions?type=${item.kind === 'mockSet' ? 'mock' : 'practice'}&set=${item.id}`}
              className={smallButton}
              aria-label={`Add questions to ${item.name}`}
            >
              <Upload className="h-3.5 w-3.5" aria-hidden="true" /> Add questions
            </Link>
          )}
          <button
            type="button"
            className={smallButton}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${item.name}`}
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> Edit
          </button>
          {item.kind === 'mockSet' && (
            <button
              type="button"
              className={smallButton}
              onClick={() => setDrawing(true)}
              aria-label={`Fixed or drawn questions of ${item.name}`}
            >
              <Dices className="h-3.5 w-3.5" aria-hidden="true" />{' '}
              {item.drawCount === null ? 'Fixed' : 'Drawn'}
            </button>
          )}
          <ShuffleToggle item={item} update={update} />
          <button
            type="button"
            className={smallButton}
            disabled={update.isPending}
            onClick={() => (item.isActive ? setConfirming(true) : update.mutate({ is_active: true }))}
            aria-label={`${item.isActive ? 'Deactivate' : 'Reactivate'} ${item.name}`}
          >
            <Power className="h-3.5 w-3.5" aria-hidden="true" />
            {item.isActive ? 'Deactivate' : 'Reactivate'}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDeactivate
          item={item}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            update.mutate({ is_active: false });
          }}
        />
      )}
    </li>
  );
}
