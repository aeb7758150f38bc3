import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { CATEGORY_PATH } from '../hooks/category-routes';

/** Footer product list by game type with its vendors (SPEC §2.2). */
export function FooterProducts() {
  const { t } = useTranslation('lobby');
  const lanes = useVendorLanes().data ?? [];
  return (
    <ul className="footer__list" data-testid="footer-products">
      {lanes.map((l) => (
        <li key={l.title} data-testid={`footer-product-${l.title}`}>
          <Link to={CATEGORY_PATH[l.title]}>{t(`menu_${l.title}`)}</Link>
          <span className="muted"> · {l.cards.map((c) => c.displayName).join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
