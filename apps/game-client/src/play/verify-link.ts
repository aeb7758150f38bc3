/** The verification page of a round, in the player's language. */
export const verifyHref = (roundId: string, lang: string) =>
  `/gs/verify/?round=${encodeURIComponent(roundId)}&lang=${lang}`;
