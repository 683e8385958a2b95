// WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs.
import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

export function tabIdOf(id: string) {
  return `admin-tab-${id}`;
}
export function panelIdOf(id: string) {
  return `admin-panel-${id}`;
}

export function TabBar<Id extends string>({
  tabs,
  active,
  onSelect,
  label,
}: {
  tabs: readonly TabItem<Id>[];
  active: Id;
  /** `replace`: the move came from the arrow keys, which should not stack up history entries. */
  onSelect: (id: Id, replace: boolean) => void;
  label: string;
}) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const target = tabs[next[event.key]];
    onSelect(target.id, true);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      // Wrapped, never scrolled: a strip cut at the edge hid the last tabs without a sign.
      className="flex flex-wrap border-b border-slate-200 dark:border-slate-700"
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabIdOf(tab.id)}
            aria-selected={selected}
            aria-controls={panelIdOf(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id, false)}
            className={`-mb-px whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              selected
                ? 'border-brand-600 text-brand-700 dark:text-brand-500'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
