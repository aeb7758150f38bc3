import type { QueryClient } from '@tanstack/react-query';
import { categoryFilterOf } from '../hooks/category-routes';
import { gameListQuery } from './get-game-list';
import { hotGamesQuery } from './get-hot-games';
import { vendorLanesQuery } from './get-vendor-lanes';

/**
 * The home lobby's first answers (vendor lanes, hot games), asked for by the boot while the site's
 * first render waits for the status call: otherwise each waits for the render of what shows it.
 */
export function prefetchHomeLobby(client: QueryClient, language: string) {
  void client.prefetchQuery(vendorLanesQuery(language));
  void client.prefetchQuery(hotGamesQuery(language));
}

/**
 * A category page's first answers when it is the address the site opens on: the vendor lanes (its
 * filters) and the page of games its address names, under the keys the page reads (its largest paint
 * is the first row of game tiles).
 */
export function prefetchCategoryPage(client: QueryClient, language: string, location: Location) {
  const { filter } = categoryFilterOf(location.pathname, new URLSearchParams(location.search));
  void client.prefetchQuery(vendorLanesQuery(language));
  void client.prefetchQuery(gameListQuery(filter, language));
}
