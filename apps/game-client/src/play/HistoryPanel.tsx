import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { toCents } from '../lib/money';
import { usePlay } from './play-context';
import { localSummary } from './history-summary';
import { verifyHref } from './verify-link';

interface TRow {
  roundId: string;
  bet: string;
  win: string;
  summary: string;
  time: string;
}

/** The player's latest rounds of this game, each linking to its verification. */
export function HistoryPanel({ version }: { version: number }) {
  const { t, lang } = useI18n();
  const { money, fail } = usePlay();
  const [rows, setRows] = useState<TRow[] | null>(null);

  useEffect(() => {
    let live = true;
    api.get<{ list: TRow[] }>('/gs/api/history').then(
      (h) => live && setRows(h.list),
      (e) => {
        if (live) {
          setRows([]);
          fail(e);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [version, fail]);

  if (!rows) return <div className="spinner" aria-hidden />;
  if (rows.length === 0) return <p className="muted">{t('noRounds')}</p>;
  return (
    <ul className="history" data-testid="history-list">
      {rows.map((r) => (
        <li key={r.roundId} data-testid="history-row">
          <div className="history-main">
            <span className="summary">{localSummary(r.summary, t)}</span>
            <span className="muted small">{r.time}</span>
          </div>
          <div className="history-money">
            <span className="muted small">
              {t('bet')} {money(r.bet)}
            </span>
            <span className={toCents(r.win) > 0n ? 'pos' : 'muted'}>{money(r.win)}</span>
          </div>
          <a className="link" href={verifyHref(r.roundId, lang)} target="_blank" rel="noopener">
            {t('verify')}
          </a>
        </li>
      ))}
    </ul>
  );
}
