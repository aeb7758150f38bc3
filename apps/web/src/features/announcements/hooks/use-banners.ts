import type { TBanner, TBannerGroup } from '@bp/contract';
import { useMemo } from 'react';
import { useAnnouncements } from '../api/get-announcements';

export function useBanners(group: TBannerGroup): { banners: TBanner[]; isPending: boolean } {
  const { data, isPending } = useAnnouncements();
  const banners = useMemo(
    () => (data?.banners ?? []).filter((b) => b.groupName === group).sort((a, b) => a.sequence - b.sequence),
    [data, group],
  );
  return { banners, isPending };
}

/** The link a banner opens: only URL linkage opens anything for now (promotion and game links come later). */
export function bannerHref(b: TBanner): string | null {
  if (b.linkageType !== 'URL') return null;
  const href = b.externalLink || b.redirect;
  if (!href) return null;
  try {
    const url = new URL(href, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
