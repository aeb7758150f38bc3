/** The verification page of a round, in the player's language. */
export const verifyHref = (roundId: string, lang: string) =>
  `/gs/verify/?round=${encodeURIComponent(roundId)}&lang=${lang}`;

/**
 * A crash round is checked from its hash alone (the point follows from it) and the hash of the round
 * played before it (this hash must hash to that one), so its link carries both.
 */
export const crashVerifyHref = (
  h: { hash: string; crashPoint: string },
  previousHash: string | undefined,
  lang: string,
) =>
  `/gs/verify/?kind=crash&hash=${h.hash}&point=${encodeURIComponent(h.crashPoint)}${
    previousHash ? `&prev=${previousHash}` : ''
  }&lang=${lang}`;
