import { DEFAULT_GAME_ICON } from '@bp/contract';

/**
 * Generated icons: no external images. A game without a vendor-supplied icon gets a deterministic
 * SVG in its vendor's colour with the initials of its English name; vendor cards get their code.
 */

export const gameIconUrl = (vendor: string, gameCode: string, icon: string | null) =>
  icon ?? `/game-icons/${encodeURIComponent(vendor)}/${encodeURIComponent(gameCode)}.svg`;
export const vendorIconUrl = (vendor: string, icon: string | null) =>
  icon ?? `/game-icons/${encodeURIComponent(vendor)}.svg`;
export { DEFAULT_GAME_ICON };

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Two letters: the first letters of the first two words (or the first two letters of one word). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-_:]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters =
    words.length >= 2 ? [...words[0]!][0]! + [...words[1]!][0]! : [...(words[0] ?? '?')].slice(0, 2).join('');
  return letters.toUpperCase();
}

/** A darker shade of #rrggbb for the gradient's end. */
function shade(hex: string, factor: number) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((x) => Math.round(x * factor));
  return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

function card(color: string, big: string, small: string, id: string) {
  const from = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#3355aa';
  const to = shade(from, 0.55);
  const fontSize = big.length > 3 ? 44 : 72;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(small)}">
<defs><linearGradient id="g${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="240" height="240" rx="28" fill="url(#g${id})"/>
<circle cx="196" cy="44" r="64" fill="#ffffff" fill-opacity="0.08"/>
<text x="120" y="136" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(big)}</text>
<text x="120" y="206" text-anchor="middle" font-family="system-ui,sans-serif" font-size="20" fill="#ffffff" fill-opacity="0.85">${escapeXml(small)}</text>
</svg>`;
}

/** Stable per input, so gradients of two icons inlined in one page do not clash. */
const idOf = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return (h >>> 0).toString(36);
};

export function gameIconSvg(g: { vendor: string; gameCode: string; name: string; color: string }) {
  return card(g.color, initialsOf(g.name), g.vendor, idOf(`${g.vendor}/${g.gameCode}`));
}

export function vendorIconSvg(v: { code: string; color: string; name: string }) {
  return card(v.color, v.code.replace(/_/g, ' ').slice(0, 6), v.name, idOf(v.code));
}

export function defaultIconSvg() {
  return card('#4b5563', '?', 'GAME', 'default');
}
