import { DEFAULT_GAME_ICON } from '@bp/contract';
import { useState } from 'react';

/**
 * Lazy-loaded unless `eager` (the first screen's pictures: a lazy image waits for layout to find it near
 * the viewport, and the first row of tiles is a lobby page's largest paint); a broken image falls back
 * to the default game icon once (SPEC §8 image CDN failure).
 */
export function GameImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={failed || !src ? DEFAULT_GAME_ICON : src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-fallback={failed || !src ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
