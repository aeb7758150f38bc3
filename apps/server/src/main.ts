import { createTestGateway, type TestGateway } from '@bp/test-gateway';
import { builtInGatewayUrl, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './seed/index.js';
import { seedE2eMerchants } from './seed/e2e-merchants.js';
import { buildApp } from './app.js';
import { gatewaySecretsFrom } from './modules/deposit/index.js';
import { RECOVERY_JOB } from './games/index.js';
import { ROLLUP_JOB as TEAM_FIGURE_ROLLUP_JOB } from './modules/team-figure/index.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolMax: config.dbPoolMax,
  });
  const applied = await migrate(database);
  const listenHost = ['0.0.0.0', '::'].includes(config.host) ? [] : [config.host.toLowerCase()];
  const seed = config.seedDemo
    ? await seedIfEmpty(database, { extraDomains: listenHost, fullCatalogue: true })
    : undefined;
  if (seed && config.e2eMerchants > 0)
    seed.notes.push(...(await seedE2eMerchants(database, config.e2eMerchants)));
  const app = await buildApp({ config, database });
  app.log.info(
    { database: database.kind, migrationsApplied: applied, seeded: seed?.seeded ?? false },
    'database ready',
  );

  // The built-in test payment gateway (demo): it knows the secrets of the online channels stored here.
  let gateway: TestGateway | undefined;
  if (config.gatewayPort) {
    const gw = createTestGateway({ merchants: gatewaySecretsFrom(database.db) });
    // a busy port (another copy running) costs the demo its online channel, not the whole product
    await gw.listen(config.gatewayPort, '127.0.0.1').then(
      () => (gateway = gw),
      (err: unknown) => app.log.warn({ err }, 'test gateway not started'),
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // jobs first, while the server still answers: a running job (the boot's recovery) may call it
      await app.scheduler.stop();
      await app.close();
      await gateway?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // a parent that started this process (the tests' server starter) learns the bound port from the
  // process itself, never by probing a port another process might answer on
  process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
  // rounds a previous run left open (killed mid-round) are finished now, not a minute from now;
  // started before anything else is awaited, so a shutdown from here on waits for this run
  app.scheduler
    .runNow(RECOVERY_JOB)
    .catch((err: unknown) => app.log.error({ err }, 'game round recovery failed'));
  // the team figures catch up with what was seeded or played while the server was down
  app.scheduler
    .runNow(TEAM_FIGURE_ROLLUP_JOB)
    .catch((err: unknown) => app.log.error({ err }, 'team figure roll-up failed'));
  await app.scheduler.start();
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost === '0.0.0.0' ? 'localhost' : shownHost}:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Player site:     ${url}/`,
    `  API docs:        ${url}/docs`,
    ...(gateway
      ? [`  Test gateway:    ${builtInGatewayUrl(config.gatewayPort!)} (Test Pay, demo online deposits)`]
      : []),
    `  Demo merchant:   ${seed?.merchantCode ?? 'demobdt'} (requests to this host need no Merchant header)`,
    ...(seed?.notes ?? []).map((n) => `  ${n}`),
    `  Database:        ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
