import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (`src/main.ts` under tsx) on a test database, for tests that
 * kill it mid-load and start it again (crash tests), and for anything else that needs a server of
 * its own process.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (the server started on it keeps it across a restart). */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

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
 * Starts the server and resolves once /healthz answers (the start has migrated, recovered and is
 * listening). Demo seeding is off; the test database already holds what the test needs.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env = serverProcessEnv(opts.database, { PORT: String(port), ...opts.env });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
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
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 120_000);
  // the server announces itself by answering /healthz; each attempt waits for the answer (or the
  // refused connection), so this polls a real condition rather than sleeping
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode) throw new Error(`server exited: ${log}`);
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start: ${log}`);
    }
    // a refused connection answers at once: give the starting process the CPU for a moment
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
  }
  return { proc, port, base, log: () => log, stop };
}
