/**
 * The team the settlement and agent-reports benchmarks share: 100,000 members in a 6-level tree
 * with a day of 10,000,000 settled bets (team-data.ts), on a throwaway PostgreSQL database
 * (DATABASE_URL, default the local server) that is dropped when the run ends. One `npm run bench`
 * builds it once for both benchmarks (about twenty minutes on a 2-core machine).
 *
 * BENCH_TEAM_KEEP=1 keeps the freshly built team as a template database (bp_bench_team_<size>) and
 * works on a clone of it, so a later run with the same sizes clones it (a few minutes) instead of
 * building it again; drop the template by hand when done. BENCH_TEAM_MEMBERS and BENCH_TEAM_BETS
 * shrink the team for a quick try (the targets are for the full size).
 */
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { seedIfEmpty } from '../../apps/server/src/seed/index.js';
import { buildTeam, type TeamData, type TeamSpec } from './team-data.js';

export const FULL_TEAM: TeamSpec = {
  members: 100_000,
  branching: 6,
  agentLevels: 5,
  settledBets: 10_000_000,
  historyDays: 6,
};

export function teamSpec(): TeamSpec {
  return {
    ...FULL_TEAM,
    members: Number(process.env.BENCH_TEAM_MEMBERS ?? FULL_TEAM.members),
    settledBets: Number(process.env.BENCH_TEAM_BETS ?? FULL_TEAM.settledBets),
  };
}

export interface Team {
  database: Database;
  team: TeamData;
  spec: TeamSpec;
  /** how long building (or cloning) took, seconds */
  setupSeconds: number;
}

const serverUrl = () => (process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres');
const urlOf = (name: string) => {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let shared: Promise<Team> | undefined;
let dropOnRelease: string | undefined;

/** The team of this run (built on first use; every benchmark of the run gets the same database). */
export function openTeam(log = (s: string) => console.log(s)): Promise<Team> {
  shared ??= build(teamSpec(), log);
  return shared;
}

/** Drops the run's team database (run.ts calls it before exiting). */
export async function releaseTeam() {
  if (!shared) return;
  const t = await shared.catch(() => undefined);
  shared = undefined;
  await t?.database.close();
  if (dropOnRelease) {
    const name = dropOnRelease;
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

async function build(spec: TeamSpec, log: (s: string) => void): Promise<Team> {
  const started = performance.now();
  const keep = process.env.BENCH_TEAM_KEEP === '1';
  const template = `bp_bench_team_${spec.members}_${spec.settledBets}_${spec.branching}_${spec.agentLevels}_${spec.historyDays}`;
  const work = `bp_bench_work_${process.pid}`;
  const known = keep
    ? await admin(async (c) => {
        const r = await c.query<{ comment: string | null }>(
          `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
          [template],
        );
        return r.rows[0]?.comment ?? undefined;
      })
    : undefined;
  let team: TeamData;
  if (known) {
    log(`team: cloning ${template}`);
    team = revive(JSON.parse(known) as TeamData);
  } else {
    const name = keep ? template : work;
    await admin(async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
    const database = await openDatabase({ databaseUrl: urlOf(name), poolMax: 8 });
    try {
      await migrate(database);
      await seedIfEmpty(database);
      log(
        `team: building ${spec.members} members, ${spec.agentLevels} agent levels (x${spec.branching}), ` +
          `${spec.settledBets} settled bets on the day, ${spec.historyDays} days before it`,
      );
      team = await buildTeam(database.db, urlOf(name), spec, log);
    } catch (err) {
      await database.close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      throw err;
    }
    if (!keep) {
      dropOnRelease = work;
      return {
        database,
        team,
        spec,
        setupSeconds: (performance.now() - started) / 1000,
      };
    }
    await database.close();
    await admin((c) =>
      c.query(`comment on database ${template} is '${JSON.stringify(team).replace(/'/g, "''")}'`),
    );
  }
  await admin(async (c) => {
    await c.query(`drop database if exists ${work} with (force)`);
    await c.query(`create database ${work} template ${template}`);
  });
  dropOnRelease = work;
  const database = await openDatabase({ databaseUrl: urlOf(work), poolMax: 8 });
  // a template built before the last migrations gets them now
  await migrate(database);
  return { database, team, spec, setupSeconds: (performance.now() - started) / 1000 };
}

function revive(t: TeamData): TeamData {
  return { ...t, day: { ...t.day, from: new Date(t.day.from), to: new Date(t.day.to) } };
}
