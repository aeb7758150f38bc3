export { useAnnouncements, announcementsQuery } from './api/get-announcements';
export { HomeBanners } from './components/HomeBanners';
export { LeftMenuBanner } from './components/LeftMenuBanner';
export { NoticeMarquee } from './components/NoticeMarquee';
export { AnnouncementPopupHost } from './components/AnnouncementPopupHost';
export const loadNoticePopup = () => import('./components/NoticePopup');
export const loadNoticeListModal = () => import('./components/NoticeListModal');
