import type { ModuleRegister } from '../platform/module.js';
import { registerSystem } from './system/index.js';
import { registerAdmin } from './admin/index.js';
import { registerMember } from './member/index.js';
import { registerSession } from './session/index.js';
import { registerMail } from './mail/index.js';
import { registerSms } from './sms/index.js';
import { registerPassword } from './password/index.js';
import { registerTwoFactor } from './two-factor/index.js';
import { registerSocial } from './social/index.js';
import { registerRegistration } from './registration/index.js';
import { registerWallet } from './wallet/index.js';
import { registerMessage } from './message/index.js';
import { registerRealtime } from './realtime/index.js';
import { registerVendorWallet } from './vendor-wallet/index.js';
import { registerDeposit } from './deposit/index.js';
import { registerWithdraw } from './withdraw/index.js';
import { registerTransfer } from './transfer/index.js';
import { registerAccountRecord } from './account-record/index.js';
import { registerCatalogue } from './catalogue/index.js';
import { registerGame } from './game/index.js';
import { registerAgentContract } from './agent-contract/index.js';
import { registerAgent } from './agent/index.js';
import { registerGameServer } from '../games/index.js';
import { registerTeamFigure } from './team-figure/index.js';
import { registerAgentReport } from './agent-report/index.js';
import { registerPromotion } from './promotion/index.js';
import { registerPoints } from './points/index.js';
import { registerVip } from './vip/index.js';
import { registerReferral } from './referral/index.js';
import { registerRebate } from './rebate/index.js';
import { registerMission } from './mission/index.js';

/** Every module wires itself in its own register.ts; this is only the list. */
export const modules: ModuleRegister[] = [
  registerSystem,
  registerAdmin,
  registerMember,
  registerSession,
  registerMail,
  registerSms,
  registerPassword,
  registerTwoFactor,
  registerSocial,
  registerRegistration,
  registerWallet,
  registerMessage,
  registerRealtime,
  registerVendorWallet,
  registerDeposit,
  registerWithdraw,
  registerTransfer,
  registerAccountRecord,
  registerCatalogue,
  registerGame,
  registerAgentContract,
  registerAgent,
  registerGameServer,
  registerTeamFigure,
  registerAgentReport,
  registerPoints,
  registerPromotion,
  registerVip,
  registerReferral,
  registerRebate,
  registerMission,
];
