/** `npm run bench` runs every benchmark; `npm run bench -- <name>` one. Each ends with its BENCH line. */
import * as status from './benches/status.js';
import * as web from './benches/web.js';
import * as login from './benches/login.js';
import * as wallet from './benches/wallet.js';
import * as lobby from './benches/lobby.js';
import * as lighthouse from './benches/lighthouse.js';
import * as settlement from './benches/settlement.js';
import * as agentReports from './benches/agent-reports.js';
import * as rebate from './benches/rebate.js';
import { releaseTeam } from './benches/team.js';
import { machineLine } from './lib.js';

const benches: Record<string, (seconds: number) => Promise<string>> = {
  status: (s) => status.run(s),
  web: () => web.run(),
  login: (s) => login.run(s),
  wallet: (s) => wallet.run(s),
  lobby: (s) => lobby.run(s),
  lighthouse: () => lighthouse.run(),
  settlement: () => settlement.run(),
  'agent-reports': (s) => agentReports.run(s),
  rebate: () => rebate.run(),
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const chosen = names.length ? names : Object.keys(benches);
const lines: string[] = [];
const unknown = chosen.filter((name) => !benches[name]);
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
// first: each benchmark's own line stays its last
console.log(machineLine());
try {
  for (const name of chosen) {
    const line = await benches[name]!(seconds);
    lines.push(line);
    console.log(line);
  }
} finally {
  // the big team of the settlement, agent-reports and rebate benchmarks is shared by them, dropped once
  await releaseTeam();
}
process.exit(0);
