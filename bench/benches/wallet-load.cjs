'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS child process */
/**
 * The wallet benchmark's load generator, in a process of its own (as pgbench is). Started by
 * wallet.ts with fork(); gets { url, connections, duration, debitPath, creditPath } on the IPC
 * channel and answers { requests: { total, average }, seconds, latencies (ms, every request),
 * non2xx, errors, cpuUs }; 'exit' ends it. Players and the vendor secret come in BENCH_WALLET.
 *
 * Each connection is a keep-alive HTTP/1.1 socket that sends a signed debit, waits for its answer,
 * then the round's credit, and so on (one request in flight per connection, as a vendor's game
 * server does per player). It speaks HTTP on a bare socket instead of through a general-purpose
 * client: pgbench is lean C, and a load generator that spends several times the server's CPU per
 * request on its own bookkeeping measures itself, not the wallet, on a machine whose cores both
 * sides share. Every request is still built, signed and sent for real, and every answer is read to
 * its last byte and checked for a 200 and `"success":true`.
 */
const net = require('node:net');
const { debit, credit } = require('./wallet-requests.cjs');

function requestBytes(host, path, built) {
  const body = Buffer.from(built.body);
  let head = `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-length: ${body.length}\r\n`;
  for (const [k, v] of Object.entries(built.headers)) head += `${k}: ${v}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`), body]);
}

/** One keep-alive connection running debit, credit, debit, ... until `until` (hrtime ns). */
function connection(url, m, until, stats) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    const context = {};
    let kind = 'debit';
    let buf = Buffer.alloc(0);
    let sentAt = 0n;
    const send = () => {
      if (process.hrtime.bigint() >= until) {
        socket.end();
        return resolve();
      }
      const built =
        kind === 'debit'
          ? debit({ method: 'POST', path: m.debitPath }, context)
          : credit({ method: 'POST', path: m.creditPath }, context);
      sentAt = process.hrtime.bigint();
      socket.write(requestBytes(url.host, kind === 'debit' ? m.debitPath : m.creditPath, built));
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.toString('latin1', 0, end);
      const len = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length < end + 4 + len) return;
      const body = buf.toString('utf8', end + 4, end + 4 + len);
      buf = buf.subarray(end + 4 + len);
      stats.latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
      stats.total++;
      if (!head.startsWith('HTTP/1.1 200') || !body.includes('"success":true')) {
        stats.non2xx++;
        if (stats.non2xx <= 3) console.error(`wallet load: ${head.split('\r\n')[0]} ${body}`);
      }
      kind = kind === 'debit' ? 'credit' : 'debit';
      send();
    });
    socket.on('error', (err) => {
      stats.errors++;
      if (stats.errors <= 3) console.error(`wallet load: ${err.message}`);
      resolve();
    });
  });
}

process.on('message', async (m) => {
  if (m === 'exit') process.exit(0);
  const cpu0 = process.cpuUsage();
  const url = new URL(m.url);
  const stats = { total: 0, non2xx: 0, errors: 0, latencies: [] };
  const started = process.hrtime.bigint();
  const until = started + BigInt(Math.round(m.duration * 1e9));
  await Promise.all(Array.from({ length: m.connections }, () => connection(url, m, until, stats)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const result = {
    requests: { total: stats.total, average: stats.total / seconds },
    seconds,
    latencies: stats.latencies,
    non2xx: stats.non2xx,
    errors: stats.errors,
  };
  process.send({ err: null, result, cpuUs: cpu.user + cpu.system });
});
