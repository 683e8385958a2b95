// Grade bands and display rules shared by server and client.

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

export function percentageOf(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

export function gradeFor(percentage: number): Grade {
  if (percentage >= 90) return 'A';
  if (percentage >= 80) return 'B';
  if (percentage >= 70) return 'C';
  if (percentage >= 60) return 'D';
  return 'F';
}

export const GRADE_MESSAGES: Record<Grade, string> = {
  A: 'Excellent work! You are well prepared for the licensing exam.',
  B: 'Great job! A little more revision and you will be at the top.',
  C: 'Good effort. Review the explanations to strengthen weak areas.',
  D: 'You are getting there. Focus on the topics you missed and try again.',
  F: 'Keep practising. Work through the explanations and retake this quiz.',
};

export type AccuracyColour = 'green' | 'yellow' | 'red';

export function accuracyColour(accuracy: number): AccuracyColour {
  if (accuracy >= 80) return 'green';
  if (accuracy >= 60) return 'yellow';
  return 'red';
}

/** Under 60 minutes as "Nm", otherwise "Hh Mm". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m}m`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** A time spent: under a minute in seconds ("24s"), otherwise as formatMinutes. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : formatMinutes(s / 60);
}

/** Whole minutes spent, rounded to the nearest minute. */
export function minutesFromSeconds(seconds: number): number {
  return Math.max(0, Math.round(seconds / 60));
}
