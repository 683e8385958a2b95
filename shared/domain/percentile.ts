// How a mock result compares with the other students who took the same mock (docs/learning.md,
// "Percentile and progress"). Fewer than 30 takers say too little to show.
export const MIN_TAKERS = 30;

export interface Percentile {
  /** Whole percent of the other students' first attempts scored strictly lower, rounded down. */
  betterThan: number;
  /** Different students with a graded first attempt at the set, the viewer included. */
  takers: number;
  /** A later attempt of the viewer's: compared with the first attempts, never counted as one. */
  retake: boolean;
}

/**
 * `lower`: first attempts of the other students with a strictly lower percentage; `takers`: all
 * first attempts, the viewer's own included. Ties count as not beaten, and the share is rounded
 * down, so the figure never claims more than the student did.
 */
export function percentileOf(lower: number, takers: number, retake: boolean): Percentile | null {
  if (takers < MIN_TAKERS) return null;
  return { betterThan: Math.floor((100 * lower) / (takers - 1)), takers, retake };
}
