import { gameAnnouncementEndpoints, systemEndpoints, type TPopupExecution } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { RouteCtx } from '../../platform/route.js';
import type { SystemService } from './system.service.js';
import type { GameAnnouncementService } from './game-announcement.service.js';

/**
 * The public system calls. None of them is blocked by maintenance or a region rule: the player site
 * needs them to render the maintenance and region-block screens.
 */
export function systemRoutes(
  ctx: ModuleContext,
  system: SystemService,
  gameAnnouncements: GameAnnouncementService,
) {
  // answered at once from the caches when they hold the merchant's state (route.ts then sends it
  // without a promise on the way), else after loading it
  ctx.route(
    systemEndpoints.status,
    ({ merchant, ip }) => system.cachedStatusAnswer(merchant, ip) ?? system.statusAnswer(merchant, ip),
    { prewritten: true },
  );

  ctx.route(systemEndpoints.whitelabel, ({ merchant }) => merchant.whitelabel);

  ctx.route(systemEndpoints.domainRoute, ({ merchant }) => system.domainRoute(merchant.id));

  ctx.route(systemEndpoints.helpCenter, ({ merchant, query, language }) =>
    system.helpCenter(merchant, query?.lang || language, query?.device),
  );

  // MCSFE_ and CCSFE_getListAnnouncements: one answer under the two names clients call
  const announcements = ({
    merchant,
    query: q,
    language,
    actor,
  }: RouteCtx<typeof systemEndpoints.announcements>) => {
    const query = q ?? {};
    // The audience comes from the session, not from the query: an anonymous caller only ever gets the
    // B popups. A logged-in caller gets what it asks for (A by default) and, on its first login, F too.
    let executions: TPopupExecution[] = ['B'];
    if (actor?.kind === 'member') {
      const asked = query.execution ?? 'A';
      executions = asked === 'A' && query.firstTimeLogin === 'true' ? ['A', 'F'] : [asked];
    }
    return system.announcements(merchant, {
      language: query.language || language,
      types: query.types?.split(',').filter(Boolean),
      platform: query.platform,
      executions,
    });
  };
  ctx.route(systemEndpoints.announcements, announcements);
  ctx.route(systemEndpoints.announcementsCcsfe, announcements);

  ctx.route(gameAnnouncementEndpoints.list, ({ merchant, query, language }) =>
    gameAnnouncements.listLive(merchant, { ...query, language: query?.language || language }),
  );
  ctx.route(systemEndpoints.country, ({ merchant }) => system.countries(merchant.id));
}
