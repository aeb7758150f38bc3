import type { TFn } from '../lib/i18n';

/**
 * The game server writes each history line in plain English ("3 line wins", "cashed out 1.50x",
 * "banker"); the panel shows the known shapes in the player's language and anything else as it came.
 */
export function localSummary(summary: string, t: TFn): string {
  const s = summary.trim();
  let m = /^(\d+) line wins?$/.exec(s);
  if (m) return t('historyLineWins', { n: m[1]! });
  m = /^cashed out ([\d.]+)x$/.exec(s);
  if (m) return t('historyCashedOut', { x: `${m[1]}x` });
  switch (s) {
    case 'free spin':
      return t('freeSpin');
    case 'crashed':
      return t('historyCrashed');
    case 'player':
    case 'banker':
    case 'dragon':
    case 'tiger':
      return t('wins', { side: t(s) });
    case 'tie':
      return t('tieResult');
    default:
      return s;
  }
}
