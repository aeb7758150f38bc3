import { BANNER_CAROUSEL, type TBanner } from '@bp/contract';
import { useEffect, useRef, useState } from 'react';
import { BannerImage } from './BannerImage';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Home banners when there are several (SPEC §2.3): a row of slides the browser scrolls and snaps
 * (swipe on a phone), moving on by itself every BANNER_CAROUSEL.autoplayDelayMs and from the last back
 * to the first, with clickable dots. CSS scroll snapping instead of a carousel library: no script runs
 * while a finger swipes, and the home page carries no carousel code to parse.
 */
export default function BannerCarousel({ banners }: { banners: TBanner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  activeRef.current = active;

  // the slide mostly in view is the active one, however it got there (a swipe, a dot, autoplay)
  useEffect(() => {
    const root = track.current;
    if (!root) return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries)
          if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.index));
      },
      { root, threshold: 0.6 },
    );
    for (const slide of root.children) io.observe(slide);
    return () => io.disconnect();
  }, [banners]);

  const go = (i: number) => {
    const root = track.current;
    const slide = root?.children[i] as HTMLElement | undefined;
    if (root && slide)
      root.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') go((activeRef.current + 1) % banners.length);
    }, BANNER_CAROUSEL.autoplayDelayMs);
    return () => window.clearInterval(timer);
  }, [banners.length]);

  return (
    <div className="banner banner--carousel" data-testid="banner-carousel" aria-roledescription="carousel">
      <div className="banner__track" ref={track} style={{ gap: `${BANNER_CAROUSEL.spaceBetween}px` }}>
        {banners.map((b, i) => (
          <div
            key={b.id}
            className="banner__slide"
            data-testid="banner-slide"
            data-banner-id={b.id}
            data-index={i}
            data-active={i === active}
          >
            <BannerImage banner={b} eager={i === 0} />
          </div>
        ))}
      </div>
      <div className="banner__dots">
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className={`banner__dot${i === active ? ' is-active' : ''}`}
            aria-label={`${i + 1} / ${banners.length}`}
            aria-current={i === active}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </div>
  );
}
