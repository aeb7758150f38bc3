import { DOWNLINE_KINDS, type TAffiliateUrl, type TDownlineKind } from '@bp/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { agentErrorText } from '../hooks/agent-error';
import { copyText } from '../../../shared/ui/clipboard';
import { showDialog } from '../../../shared/ui/dialog';
import { Pager } from '../../../shared/ui/Pager';
import {
  useAffiliateUrls,
  useCreateAffiliateUrl,
  useDeleteAffiliateUrl,
  useRegisteredAffiliates,
} from '../api/team';

/** The link as this site serves it: the register page reads `?referralCode=` (SPEC 2.1). */
const linkOf = (code: string) =>
  `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;

function LinkCard({ link, onDelete, busy }: { link: TAffiliateUrl; onDelete: () => void; busy: boolean }) {
  const { t } = useTranslation('agent');
  const url = linkOf(link.code);
  return (
    <div className="ac-linkcard" data-testid="affiliate-link" data-code={link.code}>
      <div className="ac-linkcard__main">
        <strong>
          {link.code} · {t(link.memberType === 'agent' ? 'typeAgent' : 'typeMember')}
        </strong>
        {link.remark && <span className="mc-muted">{link.remark}</span>}
        <code className="ac-link__url" data-testid="affiliate-link-url">
          {url}
        </code>
        <span className="mc-muted" data-testid="affiliate-link-counts">
          {t('clicks', { count: link.clicks })} · {t('registrations', { count: link.registrations })}
        </span>
        <div className="ac-actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="affiliate-link-copy"
            onClick={() =>
              void copyText(url).then(() =>
                showDialog(t('auth:copy_success'), { kind: 'success', name: 'copy_success' }),
              )
            }
          >
            {t('copy')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={busy}
            data-testid="affiliate-link-delete"
            onClick={onDelete}
          >
            {t('delete')}
          </button>
        </div>
      </div>
      <div className="ac-qr">
        <QRCodeSVG value={url} size={96} aria-label={t('referralQr')} />
      </div>
    </div>
  );
}

/**
 * The agent's referral (affiliate) links: each with its code, copy and QR, clicks and registrations;
 * a new link for members or sub-agents; and the accounts registered through them.
 */
export function AffiliateLinks() {
  const { t } = useTranslation('agent');
  const links = useAffiliateUrls();
  const create = useCreateAffiliateUrl();
  const remove = useDeleteAffiliateUrl();
  const [kind, setKind] = useState<TDownlineKind>('member');
  const [code, setCode] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const registered = useRegisteredAffiliates({ pageNo });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (code.trim() && !/^[A-Za-z0-9]{4,20}$/.test(code.trim())) {
      setProblem(t('codeRule'));
      return;
    }
    try {
      await create.mutateAsync({
        memberType: kind,
        code: code.trim() || undefined,
        remark: remark.trim() || undefined,
      });
      setCode('');
      setRemark('');
    } catch (err) {
      setProblem(agentErrorText(t, err));
    }
  };
  const del = async (link: TAffiliateUrl) => {
    const ok = await showDialog(t('deleteLinkConfirm', { code: link.code }), {
      kind: 'warning',
      name: 'affiliate-delete',
      confirmText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(link.affiUrlId);
    } catch (err) {
      setProblem(agentErrorText(t, err));
    }
  };

  const list = links.data?.list ?? [];
  return (
    <>
      <section className="mc-card" data-testid="affiliate-links">
        <div className="mc-card__head">
          <h3 className="mc-card__title">{t('referralLinks')}</h3>
          {links.data && (
            <span className="mc-muted">
              {list.length} / {links.data.maxLinks}
            </span>
          )}
        </div>
        <p className="mc-muted">{t('referralHint')}</p>
        {links.isError && <p className="mc-error">{errorText(t, links.error)}</p>}
        <div className="ac-links">
          {list.map((l) => (
            <LinkCard key={l.affiUrlId} link={l} busy={remove.isPending} onDelete={() => void del(l)} />
          ))}
        </div>
        {(!links.data || list.length < links.data.maxLinks) && (
          <form
            className="ac-tier"
            onSubmit={(e) => void add(e)}
            noValidate
            data-testid="affiliate-link-form"
          >
            <label className="ac-field">
              <span className="mc-muted">{t('linkFor')}</span>
              <select
                className="mc-select"
                value={kind}
                data-testid="affiliate-link-kind"
                onChange={(e) => setKind(e.target.value as TDownlineKind)}
              >
                {DOWNLINE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(k === 'agent' ? 'typeAgent' : 'typeMember')}
                  </option>
                ))}
              </select>
            </label>
            <label className="ac-field">
              <span className="mc-muted">{t('codeOptional')}</span>
              <input
                className="mc-select"
                value={code}
                maxLength={20}
                data-testid="affiliate-link-code"
                onChange={(e) => setCode(e.target.value)}
              />
            </label>
            <label className="ac-field">
              <span className="mc-muted">{t('remark')}</span>
              <input
                className="mc-select"
                value={remark}
                maxLength={100}
                data-testid="affiliate-link-remark"
                onChange={(e) => setRemark(e.target.value)}
              />
            </label>
            <button
              type="submit"
              className="btn btn--primary btn--sm"
              disabled={create.isPending}
              data-testid="affiliate-link-add"
            >
              {t('addLink')}
            </button>
          </form>
        )}
        {problem && (
          <p className="mc-error" role="alert" data-testid="affiliate-link-error">
            {problem}
          </p>
        )}
      </section>
      <section className="mc-card" data-testid="registered-affiliates">
        <h3 className="mc-card__title">{t('registeredThroughLinks')}</h3>
        {!registered.data?.list.length ? (
          <p className="mc-empty">{t('empty')}</p>
        ) : (
          <div className="ac-table-wrap">
            <table className="ac-table">
              <thead>
                <tr>
                  <th scope="col">{t('username')}</th>
                  <th scope="col">{t('memberType')}</th>
                  <th scope="col">{t('code')}</th>
                  <th scope="col">{t('registeredAt')}</th>
                  <th scope="col">{t('lastLogin')}</th>
                </tr>
              </thead>
              <tbody>
                {registered.data.list.map((r) => (
                  <tr key={r.id} data-testid="registered-affiliate">
                    <td>{r.username}</td>
                    <td>{t(r.kind === 'agent' ? 'typeAgent' : 'typeMember')}</td>
                    <td>{r.code}</td>
                    <td>{r.registeredAt}</td>
                    <td>{r.lastLoginAt ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          pageNo={pageNo}
          totalPages={registered.data?.totalPages ?? 0}
          onChange={setPageNo}
          testId="registered-pager"
        />
      </section>
    </>
  );
}
