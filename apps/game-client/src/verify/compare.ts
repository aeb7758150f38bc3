/**
 * Whether a recomputed outcome agrees with the recorded one: every field both have must be equal
 * (the record may keep more, e.g. money, or less, e.g. no stops). Numbers written as text on one
 * side ("49.50" vs 4950 hundredths) are not guessed at: the fields compared are the engine's own.
 */
export function outcomesAgree(
  recomputed: Record<string, unknown>,
  recorded: Record<string, unknown>,
): boolean {
  const shared = Object.keys(recomputed).filter((k) => k in recorded);
  if (shared.length === 0) return false;
  return shared.every((k) => stable(recomputed[k]) === stable(recorded[k]));
}

/** JSON with sorted keys, so key order never makes two equal objects differ. */
export function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}
