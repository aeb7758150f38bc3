import { REMEMBER_ME_MS } from '@bp/contract';

/**
 * "Remember password" (SPEC §4, §9): username and password kept in cookies for one day
 * (86400000 ms); unticking clears them. Scoped to this site's path, SameSite=Strict, Secure on https.
 */
const KEYS = { username: 'rememberUsername', password: 'rememberPassword' } as const;

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  if (!hit) return null;
  try {
    return decodeURIComponent(hit.slice(name.length + 1));
  } catch {
    return null;
  }
}

function writeCookie(name: string, value: string, maxAgeMs: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; SameSite=Strict${secure}`;
}

export function readRemembered(): { username: string; password: string } | null {
  const username = readCookie(KEYS.username);
  const password = readCookie(KEYS.password);
  return username !== null && password !== null ? { username, password } : null;
}

export function remember(username: string, password: string) {
  writeCookie(KEYS.username, username, REMEMBER_ME_MS);
  writeCookie(KEYS.password, password, REMEMBER_ME_MS);
}

export function forgetRemembered() {
  writeCookie(KEYS.username, '', 0);
  writeCookie(KEYS.password, '', 0);
}
