import type { QueryClient } from '@tanstack/react-query';
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
