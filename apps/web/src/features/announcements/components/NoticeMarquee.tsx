import { useTranslation } from 'react-i18next';
import { openModal } from '../../../shared/ui/modal-store';
import { SpeakerIcon } from '../../../shared/ui/icons';
import { useAnnouncements } from '../api/get-announcements';
import './notices.css';

/** Scrolling line of player notices; clicking one opens the notice popup at that index (SPEC §2.3). */
export function NoticeMarquee() {
  const { t } = useTranslation('home');
  const notices = useAnnouncements().data?.player ?? [];
  if (notices.length === 0) return null;
  const chars = notices.reduce((n, x) => n + x.title.length + x.content.length, 0);
  // Roughly constant reading speed whatever the amount of text.
  const seconds = Math.min(120, Math.max(12, chars / 6));
  return (
    <section className="marquee" data-testid="notice-marquee" aria-label={t('notices')}>
      <SpeakerIcon className="marquee__icon" />
      <div className="marquee__viewport">
        <div className="marquee__track" style={{ animationDuration: `${seconds}s` }}>
          {notices.map((n, i) => (
            <button
              type="button"
              key={n.id}
              className="marquee__item"
              data-testid="notice-marquee-item"
              onClick={() => openModal('notice', { index: i })}
            >
              <strong>{n.title}</strong> {n.content.replace(/<[^>]*>/g, ' ')}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
