import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadFooterProducts } from '../../features/lobby';
import { useSiteInfo } from '../../shared/system';
import { loadLazyNamespaces } from '../../shared/i18n';
import { FacebookIcon, YoutubeIcon } from '../../shared/ui/icons';

/** Help links: help-centre tags, `terms` uses the spec's `#term` anchor. */
const HELP_LINKS = [
  ['aboutus', 'aboutus'],
  ['deposit', 'deposit'],
  ['withdraw', 'withdraw'],
  ['faqs', 'faqs'],
  ['terms', 'term'],
  ['privacy', 'privacy'],
  ['responsible', 'responsible'],
] as const;
const PRODUCTS = ['live', 'slots', 'sports', 'esports', 'fish', 'lottery', 'poker'] as const;
const VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
const SOCIAL = { FACEBOOK: FacebookIcon, YOUTUBE: YoutubeIcon } as const;
// The product list is the lobby's categories with their vendors; the fixed list stands in until it loads.
const FooterProducts = lazy(async () => (await Promise.all([loadFooterProducts(), loadLazyNamespaces()]))[0]);

export function Footer() {
  const { t } = useTranslation('layout');
  const merchant = useSiteInfo()?.merchant;
  const social = (merchant?.socialLinks ?? []).filter(
    (s): s is { type: keyof typeof SOCIAL; url: string } =>
      s.type.toUpperCase() in SOCIAL && /^https?:\/\//.test(s.url),
  );

  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__grid">
        <section>
          <h2 className="footer__heading">{t('footerHelp')}</h2>
          <ul className="footer__list">
            {HELP_LINKS.map(([tag, hash]) => (
              <li key={tag}>
                <Link to={{ pathname: '/help', hash }} data-testid={`footer-help-${tag}`}>
                  {t(`help:tag_${tag}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="footer__heading">{t('footerProducts')}</h2>
          <Suspense
            fallback={
              <ul className="footer__list">
                {PRODUCTS.map((p) => (
                  <li key={p}>{t(`product_${p}`)}</li>
                ))}
              </ul>
            }
          >
            <FooterProducts />
          </Suspense>
        </section>
        {social.length > 0 && (
          <section>
            <h2 className="footer__heading">{t('footerFollow')}</h2>
            <ul className="footer__social">
              {social.map((s) => {
                const Icon = SOCIAL[s.type.toUpperCase() as keyof typeof SOCIAL];
                return (
                  <li key={s.type}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t(`social_${s.type.toUpperCase()}`)}
                      data-testid={`social-${s.type.toLowerCase()}`}
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
      <ul className="footer__vendors" aria-label={t('footerVendors')} data-testid="footer-vendors">
        {VENDORS.map((v) => (
          <li key={v} className="vendor-badge">
            {v}
          </li>
        ))}
      </ul>
      <p className="footer__consent" data-testid="footer-consent">
        <span className="footer__age" aria-hidden="true">
          18+
        </span>
        <span>
          {t('consentBefore')}
          <Link to={{ pathname: '/help', hash: 'term' }} data-testid="footer-terms-link">
            {t('termsOfService')}
          </Link>
          {t('consentAfter')}
        </span>
      </p>
      <p className="footer__copyright" data-testid="footer-copyright">
        {merchant?.copyright}
      </p>
    </footer>
  );
}
