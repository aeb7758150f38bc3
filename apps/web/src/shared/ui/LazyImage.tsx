import { useState, type ImgHTMLAttributes } from 'react';
import { ImageIcon } from './icons';

/**
 * Lazy-loaded image; one attempt (SPEC §9 "lazy image attempt 1"), then a fallback icon
 * (SPEC §8 "image CDN failure: fallback to a default icon").
 */
export function LazyImage({ className, alt = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState(false);
  if (failed || !rest.src) {
    return (
      <span
        className={`img-fallback ${className ?? ''}`}
        role="img"
        aria-label={alt}
        data-testid="img-fallback"
      >
        <ImageIcon width={36} height={36} />
      </span>
    );
  }
  return (
    <img
      className={className}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
