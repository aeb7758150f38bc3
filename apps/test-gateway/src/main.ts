import { loadConfig } from './config.js';
import { createTestGateway } from './gateway.js';

async function main() {
  const config = loadConfig();
  const gateway = createTestGateway({
    merchants: config.merchants,
    publicUrl: config.publicUrl,
    notifyRetries: config.notifyRetries,
    retryBaseMs: config.retryBaseMs,
    log: config.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`test gateway: ${signal}, closing\n`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await gateway.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const { url } = await gateway.listen(config.port, config.host);
  process.stdout.write(
    `\n  Test Pay gateway: ${url}  (merchants: ${Object.keys(config.merchants).join(', ')}; orders in memory)\n\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`test gateway failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
