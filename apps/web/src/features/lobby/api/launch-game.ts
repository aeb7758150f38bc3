import { gameLaunchEndpoints } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';

export interface TLaunchTarget {
  nodeId?: number;
  vassalage: string;
  gameCode?: string | null;
  gameType?: string;
}

/**
 * GET /wps/game/launchGame (member; `launchMode` GLS, `accountType` 1 real money, 0 free trial) or
 * GET /wps/game/launchTrial (visitors' free trial). Answers the iframe URL.
 */
export async function launchGame(
  target: TLaunchTarget,
  opts: { trial: boolean; member: boolean; language: string },
) {
  const common = {
    nodeId: target.nodeId,
    vassalage: target.vassalage,
    gameCode: target.gameCode ?? undefined,
    gameType: target.gameType,
    platform: 'html5-desktop',
    clientType: 3,
    language: opts.language.toUpperCase(),
  };
  const v = opts.member
    ? await callEndpoint(gameLaunchEndpoints.launchGame, {
        query: { ...common, launchMode: 'GLS', accountType: opts.trial ? 0 : 1 },
      })
    : await callEndpoint(gameLaunchEndpoints.launchTrial, { query: common });
  return v.content.game_url;
}
