import type { FastifyRequest } from 'fastify';

/** Cookie header -> name/value map (first occurrence wins; values URI-decoded when possible). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The browser binding of captchas: captchaId cookie, else a captchaId header or query value. */
export function browserIdOf(req: FastifyRequest, queryValue?: string): string | undefined {
  const fromCookie = parseCookies(req.headers.cookie)['captchaId'];
  const header = req.headers['captchaid'];
  for (const v of [fromCookie, typeof header === 'string' ? header : undefined, queryValue]) {
    if (v && BROWSER_ID.test(v)) return v;
  }
  return undefined;
}

/** Device id of a login: the payload's loginDeviceId, else the SHELL_deviceId cookie the reference sets. */
export function deviceIdOf(req: FastifyRequest, fromBody?: string): string | undefined {
  const v = fromBody || parseCookies(req.headers.cookie)['SHELL_deviceId'];
  return v ? v.slice(0, 128) : undefined;
}
