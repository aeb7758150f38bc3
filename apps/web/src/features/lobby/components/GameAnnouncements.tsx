import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { CloseIcon } from '../../../shared/ui/icons';
import { useGameAnnouncements, type TAnnouncementScope } from '../api/get-game-announcements';
import './game-announcements.css';

const DISMISSED_KEY = 'dismissedGameAnnouncements';

/** Ids dismissed in this tab: a dismissed notice stays away until the browser session ends. */
function readDismissed(): number[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * A vendor's or a game's live announcements (operator-written, sanitised HTML) as a dismissible
 * notice strip: on the vendor's category page, in the vendor list popup and atop the game popup.
 */
export function GameAnnouncements({
  scope,
  compact,
}: {
  scope: TAnnouncementScope;
  /** one line per notice (the game popup keeps the game's room) */
  compact?: boolean;
}) {
  const { t } = useTranslation('lobby');
  const { data } = useGameAnnouncements(scope);
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (data ?? []).filter((a) => !dismissed.includes(a.id));
  if (shown.length === 0) return null;
  const dismiss = (id: number) => {
    const next = [...new Set([...readDismissed(), ...dismissed, id])];
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // storage full or blocked: dismissed for this view only
    }
    setDismissed(next);
  };
  return (
    <section
      className={`game-notices ${compact ? 'game-notices--compact' : ''}`}
      aria-label={t('gameAnnouncements')}
      data-testid="game-announcements"
    >
      {shown.map((a) => (
        <div key={a.id} className="game-notice" role="note" data-testid={`game-announcement-${a.id}`}>
          <div className="game-notice__body">
            {a.title && <strong className="game-notice__title">{a.title}</strong>}
            <SafeHtml html={a.content} className="game-notice__content" />
          </div>
          <button
            type="button"
            className="icon-button game-notice__close"
            aria-label={t('dismissAnnouncement')}
            data-testid="game-announcement-dismiss"
            onClick={() => dismiss(a.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
