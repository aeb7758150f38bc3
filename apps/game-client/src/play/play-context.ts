import { createContext, useContext } from 'react';
import type { TFairness, TGameSession } from '@bp/contract';

/** What every game view shares with the frame around it (balance, stake, fairness, errors). */
export interface TPlay {
  session: TGameSession;
  balance: string;
  setBalance(balance: string): void;
  /** the selected stake, one of the session's bet levels */
  stake: string;
  setStake(stake: string): void;
  fairness: TFairness;
  /** after each settled round: the nonce moves on, the history panel reloads, the last round is kept for verification */
  roundPlayed(round: { roundId: string; nonce: number }): void;
  /** shows an API error inline, or ends the game when the session is gone */
  fail(error: unknown): void;
  clearError(): void;
  money(amount: string): string;
}

export const PlayContext = createContext<TPlay | null>(null);
export function usePlay(): TPlay {
  const ctx = useContext(PlayContext);
  if (!ctx) throw new Error('usePlay outside PlayContext');
  return ctx;
}
