import type { QueryClient } from '@tanstack/react-query';
// Light on purpose: the header, side menu, footer and router import this file; everything else loads lazily.
export { LOBBY_KEY, RECENT_GAMES_KEY } from './api/lobby-keys';
export const loadHomeLobby = () => import('./components/HomeLobby').then((m) => ({ default: m.HomeLobby }));
export const loadHeaderGameNav = () =>
  import('./components/HeaderGameNav').then((m) => ({ default: m.HeaderGameNav }));
export const loadSideGameMenu = () =>
  import('./components/SideGameMenu').then((m) => ({ default: m.SideGameMenu }));
export const loadFooterProducts = () =>
  import('./components/FooterProducts').then((m) => ({ default: m.FooterProducts }));
export const loadCategoryPage = () => import('./pages/CategoryPage');
export const prefetchHomeLobby = (client: QueryClient, language: string) =>
  import('./api/prefetch').then((m) => m.prefetchHomeLobby(client, language));
export const prefetchCategoryPage = (client: QueryClient, language: string, location: Location) =>
  import('./api/prefetch').then((m) => m.prefetchCategoryPage(client, language, location));
export const loadAccountGamesPage = () => import('./pages/AccountGamesPage');
export const loadGamePopup = () => import('./components/GamePopup');
export const loadVendorGamesModal = () => import('./components/VendorGamesModal');
export const loadGameMaintenanceModal = () => import('./components/GameMaintenanceModal');
