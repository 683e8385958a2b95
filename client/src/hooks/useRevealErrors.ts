// After a refused submit the student must see why, on a small phone too: the first field marked
// invalid, else the form's message, is scrolled into view, and focus goes to the field in error
// (so a screen reader reads its label and message).
import { useCallback, useEffect, useRef, useState } from 'react';

export function useRevealErrors<T extends HTMLElement = HTMLFormElement>() {
  const scopeRef = useRef<T>(null);
  const [request, setRequest] = useState<{ label: string | null } | null>(null);

  useEffect(() => {
    const scope = scopeRef.current;
    if (!request || !scope) return;
    const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
    const message = scope.querySelector<HTMLElement>('[role="alert"]');
    const field =
      invalid ??
      fieldLabelled(scope, request.label) ??
      scope.querySelector<HTMLElement>('input, select, textarea');
    (invalid ?? message ?? field)?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [request]);

  /** Call after setting the errors, with the label of the field a form-level message is about. */
  const reveal = useCallback((label?: string) => setRequest({ label: label ?? null }), []);
  return { scopeRef, reveal };
}

function fieldLabelled(scope: HTMLElement, label: string | null): HTMLElement | null {
  if (!label) return null;
  const match = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  return match?.htmlFor ? document.getElementById(match.htmlFor) : null;
}
