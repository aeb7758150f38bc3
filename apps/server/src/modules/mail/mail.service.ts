import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TMailOutboxEntry, TMailOutboxQuery } from '@bp/contract';
import { ZMailOutboxQuery } from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { mailRepo, type MailRow } from './mail.repo.js';
import { fromHeader, maskSecrets } from './mail.rules.js';

export interface MailMessage {
  merchantId: number;
  /** display name of the sender (the brand) */
  fromName: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what the mail is for: password_reset, login_code, ... */
  kind: string;
  memberId?: number;
  /** Codes, tokens and links in the body: masked in the stored copy when the mail really goes out. */
  secrets?: string[];
}

export interface MailResult {
  id: number;
  transport: 'outbox' | 'smtp';
}

/**
 * Outgoing mail. With SMTP_URL set the mail goes out through nodemailer and a masked copy is recorded;
 * without it (the zero-setup demo) the mail is only stored in mail_outbox, unmasked, where the operator
 * API reads it. Logs carry the id, kind and outcome, never the address, body or secrets.
 */
export function createMailService({
  db,
  clock,
  smtpUrl,
  mailFrom,
  log,
}: {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  mailFrom: string;
  log: FastifyBaseLogger;
}) {
  let transport: Transporter | undefined;
  const getTransport = () => (transport ??= nodemailer.createTransport(smtpUrl));

  return {
    smtpEnabled: smtpUrl !== undefined,

    async send(m: MailMessage): Promise<MailResult> {
      const base = {
        merchantId: m.merchantId,
        memberId: m.memberId ?? null,
        kind: m.kind,
        toAddress: m.to,
        subject: m.subject,
      };
      if (!smtpUrl) {
        const id = await mailRepo.insert(db, {
          ...base,
          bodyText: m.text,
          bodyHtml: m.html ?? null,
          transport: 'outbox',
          status: 'stored',
          createdAt: clock.now(),
        });
        log.info({ mailId: id, kind: m.kind, transport: 'outbox' }, 'mail stored');
        return { id, transport: 'outbox' };
      }
      const secrets = m.secrets ?? [];
      const stored = {
        ...base,
        bodyText: maskSecrets(m.text, secrets),
        bodyHtml: m.html === undefined ? null : maskSecrets(m.html, secrets),
        transport: 'smtp' as const,
        createdAt: clock.now(),
      };
      try {
        const info = await getTransport().sendMail({
          from: fromHeader(m.fromName, mailFrom),
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        const id = await mailRepo.insert(db, {
          ...stored,
          status: 'sent',
          messageId: String(info.messageId ?? '').slice(0, 200) || null,
          sentAt: clock.now(),
        });
        log.info({ mailId: id, kind: m.kind, transport: 'smtp' }, 'mail sent');
        return { id, transport: 'smtp' };
      } catch (err) {
        // the SMTP error text may echo the recipient but never the body; keep only its class and code
        const e = err as { code?: string; responseCode?: number; name?: string };
        const reason = [e.name, e.code, e.responseCode].filter(Boolean).join(' ') || 'error';
        const id = await mailRepo.insert(db, { ...stored, status: 'failed', error: reason.slice(0, 200) });
        log.warn({ mailId: id, kind: m.kind, transport: 'smtp', reason }, 'mail failed');
        throw new AppError('mail_send_failed');
      }
    },

    async list(actor: OperatorActor, query: TMailOutboxQuery) {
      const q = ZMailOutboxQuery.parse(query);
      const filter = { merchantId: actor.merchantId, to: q.to, kind: q.kind };
      const [rows, total] = await Promise.all([
        mailRepo.list(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize),
        mailRepo.count(db, filter),
      ]);
      return {
        list: rows.map(toEntry),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    close() {
      transport?.close();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

function toEntry(r: MailRow): TMailOutboxEntry {
  return {
    id: r.id,
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject,
    text: r.bodyText,
    html: r.bodyHtml,
    transport: r.transport,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}
