import type { ModuleRegister } from '../platform/module.js';
import { registerSystem } from './system/register.js';
import { registerAdmin } from './admin/register.js';
import { registerMember } from './member/register.js';
import { registerSession } from './session/register.js';
import { registerMail } from './mail/register.js';
import { registerSms } from './sms/register.js';
import { registerPassword } from './password/register.js';
import { registerTwoFactor } from './two-factor/register.js';
import { registerSocial } from './social/register.js';
import { registerRegistration } from './registration/register.js';
import { registerWallet } from './wallet/register.js';
import { registerMessage } from './message/register.js';
import { registerRealtime } from './realtime/realtime.js';
import { registerVendorWallet } from './vendor-wallet/register.js';
import { registerDeposit } from './deposit/register.js';
import { registerWithdraw } from './withdraw/register.js';
import { registerTransfer } from './transfer/register.js';
import { registerAccountRecord } from './account-record/register.js';
import { registerCatalogue } from './catalogue/register.js';
import { registerGame } from './game/register.js';
import { registerGameServer } from '../games/register.js';

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
  registerGameServer,
];
