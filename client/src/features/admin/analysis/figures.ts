// How the report figures read on screen (docs/reports.md says what they mean).
import type { ItemRow } from '../types';

/** 0.615… -> "61.5%", 0.4 -> "40%". */
export function percentText(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** The discrimination index with two decimals, a minus sign readers cannot miss. */
export function indexText(value: number): string {
  const text = Math.abs(value).toFixed(2);
  return value < 0 ? `−${text}` : text;
}

export const FLAG_TEXT: Record<ItemRow['flags'][number], string> = {
  negative_discrimination: 'Negative discrimination: weaker students did better',
  too_hard: 'Very hard: under 20% correct',
  too_easy: 'Very easy: over 95% correct',
};

/** Where the question bank opens a question for editing. */
export const questionLink = (id: number) => `/admin/question-bank/${id}`;
