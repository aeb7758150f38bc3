export interface GatewayConfig {
  port: number;
  host: string;
  merchants: Record<string, string>;
  publicUrl: string | undefined;
  notifyRetries: number;
  retryBaseMs: number;
  log: boolean;
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

/** `mchId:secret,mchId2:secret2`; a secret may itself contain ':' (split at the first one). */
export function parseMerchants(raw: string | undefined): Record<string, string> {
  const merchants: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',')) {
    const item = entry.trim();
    if (!item) continue;
    const colon = item.indexOf(':');
    const mchId = item.slice(0, colon).trim();
    const secret = item.slice(colon + 1);
    if (colon <= 0 || !mchId || !secret) {
      throw new Error(`GATEWAY_MERCHANTS: "${item}" is not mchId:secret`);
    }
    merchants[mchId] = secret;
  }
  if (Object.keys(merchants).length === 0) {
    throw new Error('GATEWAY_MERCHANTS is required, e.g. GATEWAY_MERCHANTS=demobdt:some-secret');
  }
  return merchants;
}

/** Parsed once at boot; throws on anything malformed so a bad setup fails loudly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<GatewayConfig> {
  return Object.freeze({
    port: intVar(env, 'GATEWAY_PORT', 8081, 0),
    host: env.GATEWAY_HOST || '127.0.0.1',
    merchants: parseMerchants(env.GATEWAY_MERCHANTS),
    publicUrl: env.GATEWAY_PUBLIC_URL || undefined,
    notifyRetries: intVar(env, 'GATEWAY_NOTIFY_RETRIES', 6, 1),
    retryBaseMs: intVar(env, 'GATEWAY_RETRY_BASE_MS', 1000, 0),
    log: env.GATEWAY_LOG !== undefined && env.GATEWAY_LOG !== '' && env.GATEWAY_LOG !== 'false',
  });
}
