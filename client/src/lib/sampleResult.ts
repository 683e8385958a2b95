// What the built-in sample quizzes hand to /results in navigation state. It lives in
// lib because two features share it: samples writes it, results reads it.
export interface SampleResultQuestion {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}

export interface SampleResultState {
  sample: true;
  mode: 'practice' | 'test';
  score: number;
  correct: number;
  total: number;
  category: string;
  questions: SampleResultQuestion[];
  userAnswers: (number | null)[];
  /** Seconds spent (test mode). */
  timeSpent?: number;
}

export function isSampleResult(state: unknown): state is SampleResultState {
  return typeof state === 'object' && state !== null && (state as { sample?: unknown }).sample === true;
}
