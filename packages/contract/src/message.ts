import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS } from './endpoint.js';

/**
 * Platform messages to one member (API-REFERENCE §3.10, INBOX3). A message is `kind` + `data`; the
 * client renders it in the reader's language (`messages.<kind>` with the data substituted), so one
 * stored row reads right in Bengali and English.
 */
export const MESSAGE_KINDS = [
  'deposit_arrived',
  'deposit_approved',
  'deposit_rejected',
  'deposit_failed',
  'withdraw_approved',
  'withdraw_rejected',
  'withdraw_auto_received',
  'withdraw_refunded',
  'transfer_received',
  // agent contracts (data: from, contractKind, contractId): an offer to the downline, its answer to the upline
  'contract_offered',
  'contract_accepted',
  'contract_rejected',
  // VIP ranks (data: to, level): the member reached a higher rank
  'vip_upgraded',
  // VIP benefits paid (data: bonus 'upgrade' | 'birthday', amount, level)
  'vip_bonus_paid',
  // promotion applications (data: promotionId, title, reason when rejected): the operator's decision
  'promotion_application_approved',
  'promotion_application_rejected',
] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];

export const ZMemberMessage = z.object({
  id: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  /** yyyy-MM-dd hh:mm:ss in the merchant's time zone */
  createdAt: z.string(),
});
export type TMemberMessage = z.infer<typeof ZMemberMessage>;

export const ZInboxQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const tags = ['messages'];
export const messageEndpoints = {
  unreadCount: defineEndpoint({
    id: 'message.unreadCount',
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    modId: 'INBOX3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: z.number().int(),
    summary: 'Number of unread platform messages',
    tags,
  }),
  /** The same count under the name the original's clients call (`{"value": 1}`, PX-PLAN). */
  inboxUnreadCount: defineEndpoint({
    id: 'message.inboxUnreadCount',
    method: 'GET',
    path: '/wps/relay/EMFE_getInboxUnreadCount',
    modId: 'INBOX3',
    auth: 'member',
    members: MEMBER_KINDS,
    response: z.number().int(),
    summary: 'Number of unread platform messages (alias of CSP_unreadCount)',
    tags,
  }),
  inbox: defineEndpoint({
    id: 'message.inbox',
    method: 'GET',
    path: '/wps/relay/CSP_getInbox',
    modId: 'INBOX3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZInboxQuery,
    response: z.object({
      list: z.array(ZMemberMessage),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      total: z.number().int(),
    }),
    summary: "The member's platform messages, newest first",
    tags,
  }),
  read: defineEndpoint({
    id: 'message.read',
    method: 'POST',
    path: '/wps/relay/CSP_readMessage',
    modId: 'INBOX3',
    auth: 'member',
    members: MEMBER_KINDS,
    body: z.object({
      ids: z
        .array(z.string().regex(/^\d{1,18}$/))
        .max(100)
        .optional(),
      all: z.boolean().optional(),
    }),
    response: z.object({ unread: z.number().int() }),
    summary: 'Marks messages (or all) read',
    tags,
  }),
};
