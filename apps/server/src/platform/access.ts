import { accessOf, memberKindOf, operatorCan, type Endpoint } from '@bp/contract';
import { AppError } from './errors.js';
import type { Actor } from './context.js';

/**
 * Refuses a caller the endpoint's declared access excludes (contract `members` / `permission`), before
 * any input is read. The session itself (401) is checked by route.ts; this is the 403 part. The codes
 * are the ones the services answered before: `need_real_account` for a trial account, the endpoint's
 * `refusal` for a player on an agents-only call, `forbidden` for an operator without the permission (`owner`: owners only).
 */
export function assertAccess(endpoint: Endpoint, actor: Actor | undefined): void {
  const access = accessOf(endpoint);
  if (access.members && actor?.kind === 'member') {
    const kind = memberKindOf(actor.type);
    if (access.members.includes(kind)) return;
    throw new AppError(kind === 'trial' ? 'need_real_account' : (access.refusal ?? 'forbidden'));
  }
  if (access.permission && actor?.kind === 'operator') {
    if (!operatorCan(actor.role, access.permission)) throw new AppError('forbidden');
  }
}
