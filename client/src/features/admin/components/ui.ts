// Class lists of the admin area's cards, tables and row actions (buttons and inputs come from the
// app's shared components, so the admin area looks like the rest of the product).
import { FOCUS_RING } from '../../../components/Button';

export const smallButton = `inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-700 ${FOCUS_RING}`;

export const cardClass =
  'rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900';

export const tableClass = 'min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700';
const headText =
  'whitespace-nowrap py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
export const thClass = `px-3 ${headText}`;
/** Columns of figures: right-aligned and narrower, so a wide report fits a tablet. */
export const numberThClass = `px-2 text-right ${headText}`;
export const numberTdClass =
  'whitespace-nowrap px-2 py-2 text-right align-top tabular-nums text-slate-700 dark:text-slate-200';
export const tdClass = 'px-3 py-2 align-top text-slate-700 dark:text-slate-200';
