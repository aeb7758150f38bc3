import { DEFAULT_GAME_ICON } from '@bp/contract';
import { useState } from 'react';

/** Lazy-loaded; a broken image falls back to the default game icon once (SPEC §8 image CDN failure). */
export function GameImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={failed || !src ? DEFAULT_GAME_ICON : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      data-fallback={failed || !src ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
