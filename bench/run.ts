/** `npm run bench` runs every benchmark; `npm run bench -- <name>` one. Each ends with its BENCH line. */
import * as status from './benches/status.js';
import * as web from './benches/web.js';
import * as login from './benches/login.js';
import * as wallet from './benches/wallet.js';
import * as lobby from './benches/lobby.js';
import * as lighthouse from './benches/lighthouse.js';

const benches: Record<string, (seconds: number) => Promise<string>> = {
  status: (s) => status.run(s),
  web: () => web.run(),
  login: (s) => login.run(s),
  wallet: (s) => wallet.run(s),
  lobby: (s) => lobby.run(s),
  lighthouse: () => lighthouse.run(),
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const chosen = names.length ? names : Object.keys(benches);
const lines: string[] = [];
for (const name of chosen) {
  const b = benches[name];
  if (!b) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  const line = await b(seconds);
  lines.push(line);
  console.log(line);
}
process.exit(0);
