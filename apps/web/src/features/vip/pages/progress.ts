/** Whole percent of a progress pair reached, 0-100 (an amount the next rank does not ask for counts as reached). */
export const percentOf = (p: { actual: number; expected: number }) =>
  p.expected <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor((p.actual / p.expected) * 100)));
