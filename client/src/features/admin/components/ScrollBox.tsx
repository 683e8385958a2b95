// A box that scrolls its wide or long content. It takes keyboard focus so a keyboard user can
// scroll it too (WCAG: scrollable regions must be reachable), and names itself for screen readers.
import type { ReactNode } from 'react';
import { FOCUS_RING } from '../../../components/Button';

export function ScrollBox({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`${className} ${FOCUS_RING}`}>
      {children}
    </div>
  );
}
