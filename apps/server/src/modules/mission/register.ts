import { adminMissionEndpoints, missionEndpoints } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { createAuditService } from '../audit/index.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { createMissionService } from './mission.service.js';

/** Missions and the leaderboard (issue 16): operators' missions, members' progress, claims and ranking. */
export const registerMission: ModuleRegister = (ctx) => {
  const missions = createMissionService({
    db: ctx.db,
    ledger: ledgerServiceFor(ctx),
    audit: createAuditService({ db: ctx.db, clock: ctx.clock }),
    events: ctx.events,
    clock: ctx.clock,
  });
  ctx.route(missionEndpoints.summary, ({ actor, merchant, language }) =>
    missions.summary(actor, merchant, language),
  );
  ctx.route(missionEndpoints.quests, ({ actor, merchant, language }) =>
    missions.quests(actor, merchant, language),
  );
  ctx.route(missionEndpoints.claim, ({ actor, merchant, language, body }) =>
    missions.claim(actor, merchant, language, body.missionId),
  );
  ctx.route(missionEndpoints.leaderboard, ({ actor, merchant, query }) =>
    missions.leaderboard(actor, merchant, query),
  );
  ctx.route(missionEndpoints.rankBoard, ({ actor, merchant, query }) =>
    missions.leaderboard(actor, merchant, query),
  );
  ctx.route(adminMissionEndpoints.list, ({ actor, merchant }) => missions.adminList(actor, merchant));
  ctx.route(adminMissionEndpoints.create, ({ actor, merchant, body, ip }) =>
    missions.adminCreate({ actor, ip }, merchant, body),
  );
  ctx.route(adminMissionEndpoints.update, ({ actor, merchant, params, body, ip }) =>
    missions.adminUpdate({ actor, ip }, merchant, params.id, body),
  );
};
