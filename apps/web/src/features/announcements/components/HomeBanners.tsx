import { lazy, Suspense } from 'react';
import { useAppStore } from '../../../shared/store/app-store';
import { earlyBanner } from '../../../shared/ui/Loader';
import { useBanners } from '../hooks/use-banners';
import { BannerImage } from './BannerImage';
import './banners.css';

const BannerCarousel = lazy(() => import('./BannerCarousel'));

/** Banners of group w_home: a carousel only when there is more than one (SPEC §2.3). */
export function HomeBanners() {
  const { banners, isPending } = useBanners('w_home');
  const language = useAppStore((s) => s.language);
  if (isPending) {
    // the picture theme-init.js already asked for (in this language), until the announcements are in
    const early = earlyBanner(language);
    if (early) {
      return (
        <div className="banner" aria-hidden="true">
          <img className="banner__img" src={early} alt="" fetchPriority="high" />
        </div>
      );
    }
    return <div className="banner banner--placeholder" aria-hidden="true" />;
  }
  if (banners.length === 0) return null;
  if (banners.length === 1) {
    return (
      <div className="banner" data-testid="banner-single">
        <BannerImage banner={banners[0]!} eager />
      </div>
    );
  }
  // Until the carousel's code is there, its first slide as a plain banner: the picture (the page's
  // largest paint) shows without waiting for the carousel, in the same box.
  return (
    <Suspense
      fallback={
        <div className="banner" data-testid="banner-first">
          <BannerImage banner={banners[0]!} eager />
        </div>
      }
    >
      <BannerCarousel banners={banners} />
    </Suspense>
  );
}
