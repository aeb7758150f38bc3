import { BANNER_CAROUSEL, type TBanner } from '@bp/contract';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { BannerImage } from './BannerImage';

/** Loaded on demand: Swiper only ships when a merchant has more than one home banner. */
export default function BannerCarousel({ banners }: { banners: TBanner[] }) {
  return (
    <Swiper
      className="banner banner--carousel"
      data-testid="banner-carousel"
      modules={[Autoplay, Pagination]}
      loop
      speed={BANNER_CAROUSEL.speedMs}
      autoplay={{ delay: BANNER_CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
      spaceBetween={BANNER_CAROUSEL.spaceBetween}
      slidesPerView={BANNER_CAROUSEL.slidesPerView}
      pagination={{ clickable: true }}
    >
      {banners.map((b, i) => (
        <SwiperSlide key={b.id} data-testid="banner-slide" data-banner-id={b.id}>
          <BannerImage banner={b} eager={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
