import type { TSlotConfig } from '@bp/contract';
import { useI18n } from '../../lib/i18n';
import type { TSymbolFace } from './symbol-faces';
import { SymbolIcon } from './SymbolIcon';
import { linePath } from '../../lib/slot-lines';

/** Symbols with their pays, the special symbols' rules, the lines and the RTP. */
export function Paytable({ cfg, faces }: { cfg: TSlotConfig; faces: Map<string, TSymbolFace> }) {
  const { t } = useI18n();
  const scatter = cfg.symbols.find((s) => s.scatter);
  return (
    <div className="paytable">
      <table>
        <thead>
          <tr>
            <th />
            {cfg.symbols[0]?.pays.map((_, i) => (
              <th key={i}>{t('ofAKind', { n: i + 3 })}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cfg.symbols.map((s) => (
            <tr key={s.id} data-testid="paytable-row">
              <td className="pt-sym">{faces.get(s.id) && <SymbolIcon face={faces.get(s.id)!} />}</td>
              {s.pays.map((p, i) => (
                <td key={i}>×{p}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t('linePays')}</p>
      {cfg.symbols.some((s) => s.wild) && <p>{t('wild')}</p>}
      {scatter && <p>{t('scatter')}</p>}
      {scatter && cfg.freeSpins.count > 0 && (
        <p>
          {t('freeSpinsRule', {
            trigger: cfg.freeSpins.triggerCount,
            count: cfg.freeSpins.count,
            mult: cfg.freeSpins.multiplier,
          })}
        </p>
      )}
      <h3>{t('lines', { n: cfg.lines.length })}</h3>
      <div className="line-maps">
        {cfg.lines.map((rows, i) => (
          <svg
            key={i}
            viewBox={`0 0 ${cfg.reels * 10} ${cfg.rows * 10}`}
            className="line-map"
            aria-label={`${i + 1}`}
          >
            <rect width="100%" height="100%" fill="#ffffff10" />
            <polyline points={linePath(rows, 10, 10)} stroke="#ffd84d" strokeWidth="2" fill="none" />
            <text x="1" y="7" fontSize="6" fill="#fff9">
              {i + 1}
            </text>
          </svg>
        ))}
      </div>
      <p className="muted">{t('rtp', { rtp: cfg.rtp })}</p>
    </div>
  );
}
