import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../shared/store/app-store';
import { Pager } from '../../../shared/ui/Pager';
import { useInbox } from '../api/get-inbox';
import { useReadMessages } from '../api/read-messages';
import { useUnreadCount } from '../api/get-unread-count';
import { messageText } from '../hooks/message-text';
import './messages.css';

/** messageV2 (platform information): the member's messages, read state, mark one or all read. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const symbol = useAppStore((s) => s.currencySymbol);
  const inbox = useInbox(pageNo);
  const unread = useUnreadCount();
  const read = useReadMessages();

  const setPage = (p: number) =>
    setParams((sp) => {
      sp.set('page', String(p));
      return sp;
    });

  return (
    <div className="mc-page" data-testid="messages-page">
      <div className="mc-card__head">
        <h1 className="mc-page__title">{t('title')}</h1>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="messages-read-all"
          disabled={!unread.data || read.isPending}
          onClick={() => read.mutate({ all: true })}
        >
          {t('markAllRead')}
        </button>
      </div>
      <div className="mc-card">
        {inbox.isLoading ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : !inbox.data?.list.length ? (
          <p className="mc-empty" data-testid="messages-empty">
            {t('empty')}
          </p>
        ) : (
          <ul className="msg-list">
            {inbox.data.list.map((m) => {
              const text = messageText(t, m.kind, m.data, symbol);
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    className={`msg ${m.read ? 'is-read' : ''}`}
                    data-testid="message-item"
                    data-kind={m.kind}
                    data-read={m.read ? 'true' : 'false'}
                    onClick={() => !m.read && read.mutate({ ids: [m.id] })}
                  >
                    <span className="msg__dot" aria-hidden="true" />
                    <span className="msg__text">
                      <strong className="msg__title">{text.title}</strong>
                      {text.body && <span className="msg__body">{text.body}</span>}
                      <span className="msg__time">{m.createdAt}</span>
                    </span>
                    {!m.read && <span className="visually-hidden">{t('unread')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <Pager
          pageNo={inbox.data?.pageNo ?? pageNo}
          totalPages={inbox.data?.totalPages ?? 0}
          onChange={setPage}
          testId="messages-pager"
        />
      </div>
    </div>
  );
}
