'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- autocannon's worker loads these with require() */
/**
 * Request builders of the wallet benchmark, loaded by its load-generator process (wallet-load.cjs)
 * or by an autocannon worker thread (functions cannot cross threads, so they live in a file). Players and the vendor secret arrive in BENCH_WALLET (JSON).
 */
const { createHmac } = require('node:crypto');
const { threadId } = require('node:worker_threads');

const cfg = JSON.parse(process.env.BENCH_WALLET || '{}');
// unique per load-generating thread and process: the warm-up and the measured run never share ids
const tag = `${process.pid}.${threadId}`;
let n = 0;
const signed = (req, body) => {
  const raw = JSON.stringify(body);
  return {
    ...req,
    body: raw,
    headers: {
      merchant: 'demobdt',
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', cfg.secret).update(raw).digest('hex'),
    },
  };
};

/** A bet on a fresh round of the next player. */
exports.debit = (req, context) => {
  const k = ++n;
  const p = cfg.players[k % cfg.players.length];
  context.k = k;
  return signed(req, {
    playerId: p.id,
    currency: 'BDT',
    token: p.token,
    txnId: `d${tag}-${k}`,
    roundId: `r${tag}-${k}`,
    amount: '1.00',
  });
};

/** Its win, on the same connection right after, so balances stay level. */
exports.credit = (req, context) => {
  const k = context.k;
  const p = cfg.players[k % cfg.players.length];
  return signed(req, {
    playerId: p.id,
    currency: 'BDT',
    txnId: `c${tag}-${k}`,
    roundId: `r${tag}-${k}`,
    amount: '1.00',
  });
};
