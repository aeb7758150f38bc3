import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { Pager } from '../../../shared/ui/Pager';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { useAgentAnnouncements } from '../api/team';

/** agentAnnouncement: what the operator wrote for agents, in the chosen language (HTML sanitised). */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation('agent');
  const [pageNo, setPageNo] = useState(1);
  const q = useAgentAnnouncements(pageNo, i18n.language.toUpperCase());
  return (
    <div className="mc-page" data-testid="agent-announcements-page">
      <h2 className="mc-page__title">{t('agentAnnouncement')}</h2>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : !q.data ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : !q.data.list.length ? (
        <p className="mc-empty" data-testid="agent-announcements-empty">
          {t('noAnnouncements')}
        </p>
      ) : (
        q.data.list.map((a) => (
          <article key={a.id} className="mc-card" data-testid="agent-announcement">
            <div className="mc-card__head">
              <h3 className="mc-card__title">{a.title}</h3>
              <span className="mc-muted">{a.time}</span>
            </div>
            <SafeHtml html={a.content} className="ac-announcement" />
          </article>
        ))
      )}
      <Pager
        pageNo={pageNo}
        totalPages={q.data?.totalPages ?? 0}
        onChange={setPageNo}
        testId="agent-announcements-pager"
      />
    </div>
  );
}
