import type { TBanner } from '@bp/contract';
import { LazyImage } from '../../../shared/ui/LazyImage';
import { bannerHref } from '../hooks/use-banners';

/** One banner: a link when it carries a URL, a plain image otherwise. */
export function BannerImage({ banner, eager = false }: { banner: TBanner; eager?: boolean }) {
  const href = bannerHref(banner);
  const img = (
    <LazyImage
      className="banner__img"
      src={banner.url}
      alt={banner.title}
      loading={eager ? 'eager' : 'lazy'}
      // the first banner is the home page's largest paint
      fetchPriority={eager ? 'high' : undefined}
    />
  );
  return href ? (
    <a
      className="banner__link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="banner-link"
    >
      {img}
    </a>
  ) : (
    img
  );
}
