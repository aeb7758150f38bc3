/** Display helpers for names several modules show (games, vendors, players). */

/** The name in `lang`, else English, else any. */
export const nameIn = (names: Record<string, string>, lang: string) =>
  names[lang] ?? names.EN ?? Object.values(names)[0] ?? '';

/** de***01: enough to recognise oneself, not enough to find the account. */
export function maskUsername(u: string): string {
  const chars = [...u];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}
