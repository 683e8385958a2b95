// Arrow keys for the answer options (ARIA radio group pattern): one Tab stop for the group,
// arrows move to the next or previous option and choose it, as native radio buttons do.
import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function onRadioGroupKeyDown(e: KeyboardEvent<HTMLElement>) {
  const step = STEPS[e.key];
  if (!step) return;
  const radios = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not([disabled])')];
  if (!radios.length) return;
  e.preventDefault();
  const current = radios.indexOf(document.activeElement as HTMLElement);
  const next = radios[(current + step + radios.length) % radios.length];
  next.focus();
  next.click();
}

/** The option that takes the group's single Tab stop: the chosen one, else the first. */
export function radioTabIndex(isSelected: boolean, isFirst: boolean, anySelected: boolean): 0 | -1 {
  return isSelected || (!anySelected && isFirst) ? 0 : -1;
}
