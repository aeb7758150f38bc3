import { lazy, Suspense } from 'react';
import { useBanners } from '../hooks/use-banners';
import { BannerImage } from './BannerImage';
import './banners.css';

const BannerCarousel = lazy(() => import('./BannerCarousel'));

/** Banners of group w_home: a carousel only when there is more than one (SPEC §2.3). */
export function HomeBanners() {
  const { banners, isPending } = useBanners('w_home');
  if (isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  if (banners.length === 0) return null;
  if (banners.length === 1) {
    return (
      <div className="banner" data-testid="banner-single">
        <BannerImage banner={banners[0]!} eager />
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="banner banner--placeholder" aria-hidden="true" />}>
      <BannerCarousel banners={banners} />
    </Suspense>
  );
}
