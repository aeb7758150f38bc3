import { useBanners } from '../hooks/use-banners';
import { BannerImage } from './BannerImage';
import './banners.css';

/** Side-menu banner of group w_leftmenu: the first by sequence. */
export function LeftMenuBanner() {
  const { banners } = useBanners('w_leftmenu');
  const first = banners[0];
  if (!first) return null;
  return (
    <div className="banner banner--left" data-testid="left-banner">
      <BannerImage banner={first} />
    </div>
  );
}
