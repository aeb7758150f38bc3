/** Replaces every secret (code, token, link) in a text with a mask, longest first so links go whole. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets].filter((x) => x.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.split(s).join('••••••');
  }
  return out;
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `"Brand" <no-reply@x>` from a display name and the configured address (quotes in the name dropped). */
export function fromHeader(displayName: string, address: string): string {
  if (/<.*>/.test(address)) return address;
  const name = displayName.replace(/["\\\r\n<>]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}

/** A transport URL safe to log: the password (and user) removed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    if (u.username) u.username = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}
