'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS child process */
/**
 * The wallet benchmark's load generator, in a process of its own (as pgbench is): the server's
 * event loop and this one do not share a core's time slices in one process. Started by wallet.ts
 * with fork(); gets { url, connections, duration } on the IPC channel, answers autocannon's
 * result plus its own CPU time (microseconds). Players and the vendor secret come in BENCH_WALLET.
 */
const autocannon = require('autocannon');
const { debit, credit } = require('./wallet-requests.cjs');

process.once('message', (m) => {
  const cpu0 = process.cpuUsage();
  autocannon(
    {
      url: m.url,
      connections: m.connections,
      duration: m.duration,
      pipelining: 1,
      requests: [
        { method: 'POST', path: m.debitPath, setupRequest: debit },
        { method: 'POST', path: m.creditPath, setupRequest: credit },
      ],
    },
    (err, result) => {
      const cpu = process.cpuUsage(cpu0);
      process.send({ err: err ? String(err) : null, result, cpuUs: cpu.user + cpu.system }, () =>
        process.exit(0),
      );
    },
  );
});
