import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (`src/main.ts` under tsx) on a test database, for tests that
 * kill it mid-load and start it again (crash tests), and for anything else that needs a server of
 * its own process.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** What the process has written to stdout and stderr so far. */
  log(): string;
  /** Sends the signal and resolves when the process has exited (at once when it already has). */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  /** The database: a PostgreSQL URL, or a PGlite data directory no other process has open. */
  database: { url?: string; dataDir?: string };
  port?: number;
  /** Extra environment (PORT, HOST, DATABASE_URL/DATA_DIR are set here). */
  env?: Record<string, string>;
  /** How long to wait for /healthz to answer (ms). */
  startTimeoutMs?: number;
}

/**
 * The environment a server child process runs with on a test database: quiet, local, no site, no
 * test gateway, no demo seeding; the database given replaces whatever DATABASE_URL/DATA_DIR the
 * test process has. Also for tests that run `npm run migrate` or the start script themselves.
 */
export function serverProcessEnv(
  database: { url?: string; dataDir?: string },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    GAME_CLIENT_DIST: '',
    GATEWAY_PORT: '0',
    SEED_DEMO: 'false',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database.url) env.DATABASE_URL = database.url;
  else if (database.dataDir) env.DATA_DIR = database.dataDir;
  else throw new Error('a server process needs a database url or a PGlite data directory');
  return env;
}

/**
 * Starts the server and resolves once the process reports that it listens (it has migrated and
 * recovered). Without a port it takes a free one; with one (a restart on the port clients already
 * use) a port another process holds fails the start rather than being mistaken for this server.
 * Demo seeding is off; the test database already holds what the test needs.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const env = serverProcessEnv(opts.database, { PORT: String(opts.port ?? 0), ...opts.env });
  // the IPC channel carries the child's own "listening" message: a readiness probe of /healthz on a
  // chosen port could be answered by another test's server that holds (or just took) that port
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  proc.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = once(proc, 'exit');
  const stop = async (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode) return;
    proc.kill(signal);
    await exited;
  };
  const listening = new Promise<number>((resolve) => {
    proc.on('message', (m: { type?: string; port?: number }) => {
      if (m?.type === 'listening' && typeof m.port === 'number') resolve(m.port);
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    listening,
    exited.then(() => {
      throw new Error(`server exited: ${log}`);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`server did not start: ${log}`)),
        opts.startTimeoutMs ?? 120_000,
      );
    }),
  ])
    .catch(async (err: unknown) => {
      await stop('SIGKILL');
      throw err;
    })
    .finally(() => clearTimeout(timer));
  // the message channel is not needed any more, and an open one would keep this process waiting
  proc.disconnect();
  return { proc, port, base: `http://127.0.0.1:${port}`, log: () => log, stop };
}
