import { describe, expect, it } from 'vitest';
import { dealBaccarat } from './baccarat.js';
import { dealDragonTiger } from './dragon-tiger.js';
import { playDice, replayRound, type ReplayKind } from './replay.js';
import { fairRng, newServerSeed, sha256Hex } from './rng.js';
import { SLOT_CONFIGS } from './slot-configs.js';
import { spinSlot } from './slot-engine.js';

/** what the server records: the seeds (server seed revealed later) and the outcome it played */
interface Recorded {
  kind: ReplayKind;
  params: Record<string, unknown>;
  seeds: { serverSeed: string; clientSeed: string; nonce: number };
  serverSeedHash: string;
  outcome: unknown;
}

function record(): Recorded[] {
  const serverSeed = newServerSeed();
  const clientSeed = 'my lucky seed';
  const rounds: Recorded[] = [];
  let nonce = 0;
  const push = (
    kind: ReplayKind,
    params: Record<string, unknown>,
    play: (rng: ReturnType<typeof fairRng>) => unknown,
  ): void => {
    const seeds = { serverSeed, clientSeed, nonce: nonce++ };
    rounds.push({
      kind,
      params,
      seeds,
      serverSeedHash: sha256Hex(serverSeed),
      outcome: play(fairRng(seeds)),
    });
  };
  for (const cfg of SLOT_CONFIGS) {
    push('slot', { configId: cfg.id }, (rng) => spinSlot(cfg, rng));
    push('slot', { configId: cfg.id, free: true }, (rng) => spinSlot(cfg, rng, { free: true }));
  }
  for (let i = 0; i < 5; i += 1) {
    push('baccarat', {}, dealBaccarat);
    push('dragonTiger', {}, dealDragonTiger);
    push('dice', { target: 4999 + i, over: i % 2 === 0 }, (rng) => playDice(rng, 4999 + i, i % 2 === 0));
  }
  return rounds;
}

describe('replayRound', () => {
  it('reproduces every recorded round from its revealed seeds, and the seed matches its published hash', () => {
    for (const r of record()) {
      expect(sha256Hex(r.seeds.serverSeed)).toBe(r.serverSeedHash);
      expect(replayRound(r.kind, r.params, r.seeds)).toEqual(r.outcome);
    }
  });

  it('a different client seed or nonce gives a different outcome', () => {
    for (const r of record()) {
      if (r.kind === 'dice') continue; // one roll in 10000 could repeat; checked below over several rounds
      expect(replayRound(r.kind, r.params, { ...r.seeds, clientSeed: 'changed' })).not.toEqual(r.outcome);
      expect(replayRound(r.kind, r.params, { ...r.seeds, nonce: r.seeds.nonce + 1000 })).not.toEqual(
        r.outcome,
      );
    }
    const dice = record().filter((r) => r.kind === 'dice');
    const rolls = (change: (s: Recorded['seeds']) => Recorded['seeds']): unknown[] =>
      dice.map((r) => replayRound('dice', r.params, change(r.seeds)).roll);
    expect(rolls((s) => ({ ...s, clientSeed: 'changed' }))).not.toEqual(rolls((s) => s));
    expect(rolls((s) => ({ ...s, nonce: s.nonce + 1000 }))).not.toEqual(rolls((s) => s));
  });

  it('dice replay carries the verdict and the multiplier; unknown slot configurations fail', () => {
    const seeds = { serverSeed: 's', clientSeed: 'c', nonce: 1 };
    const out = replayRound('dice', { target: 5000, over: true }, seeds);
    expect(out).toEqual({ ...playDice(fairRng(seeds), 5000, true) });
    expect(out.win).toBe((out.roll as number) > 5000);
    expect(() => replayRound('slot', { configId: 'nope' }, seeds)).toThrow();
  });
});
