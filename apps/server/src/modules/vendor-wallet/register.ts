import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { vendorWalletEndpoints } from '@bp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { defineService, serviceOf, type ModuleContext, type ModuleRegister } from '../../platform/module.js';
import { resolveRequestMerchant } from '../../platform/route.js';
import { signBody } from '../../platform/vendor-signature.js';
import { ledgerServiceFor } from '../ledger/index.js';
import { walletRepo, type MerchantVendorRow } from '../wallet/index.js';
import { createVendorWalletService, type VendorWalletService } from './vendor-wallet.service.js';

export const SIGNATURE_HEADER = 'x-signature';
const VENDOR_CACHE_MS = 5000;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
    vendor?: MerchantVendorRow;
  }
}

type VendorWalletCtx = Pick<ModuleContext, 'db' | 'events' | 'clock'> & {
  database?: Pick<Database, 'prepared'>;
};
/** The seamless wallet of an app instance (game launch opens vendor sessions through it). */
export const vendorWalletService = defineService(
  'vendorWallet',
  (ctx: VendorWalletCtx): VendorWalletService =>
    createVendorWalletService({
      db: ctx.db,
      prepared: ctx.database?.prepared,
      ledger: ledgerServiceFor(ctx),
      clock: ctx.clock,
      events: ctx.events,
    }),
);
export const vendorWalletServiceFor = (ctx: VendorWalletCtx) => serviceOf(vendorWalletService, ctx);

function signatureValid(secret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const want = Buffer.from(signBody(secret, raw), 'hex');
  return timingSafeEqual(want, Buffer.from(header.toLowerCase(), 'hex'));
}

/**
 * `/vendor/:vendor/wallet/*` in a scope of its own: the JSON parser keeps the raw bytes (the
 * signature covers them, not a re-serialisation), the signature is checked before the body is
 * validated, and error codes are translated to the vendor's own where it configured them.
 */
export const registerVendorWallet: ModuleRegister = async (ctx) => {
  const service = vendorWalletServiceFor(ctx);
  // every callback needs its vendor's secret: kept for a few seconds, dropped on catalogue changes
  const vendors = new Map<string, { at: number; row: MerchantVendorRow | undefined }>();
  ctx.events.on('catalogue.changed', () => vendors.clear());
  const vendorOf = async (merchantId: number, code: string) => {
    const key = `${merchantId}:${code}`;
    const hit = vendors.get(key);
    if (hit && Date.now() - hit.at < VENDOR_CACHE_MS) return hit.row;
    const row = await walletRepo.vendor(ctx.db, merchantId, code);
    vendors.set(key, { at: Date.now(), row });
    return row;
  };
  await ctx.app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      try {
        done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
      } catch {
        done(new AppError('request_param_err', { detail: 'malformed JSON' }), undefined);
      }
    });
    scope.addHook('preHandler', async (req: FastifyRequest) => {
      const merchant = await resolveRequestMerchant(req, ctx.merchants);
      req.merchant = merchant;
      const code = (req.params as { vendor?: string }).vendor ?? '';
      const vendor = /^[A-Za-z0-9_]{1,32}$/.test(code) ? await vendorOf(merchant.id, code) : undefined;
      if (!vendor || !vendor.enabled) throw new AppError('vendor_unknown');
      req.vendor = vendor;
      if (!signatureValid(vendor.api_secret, req.rawBody ?? Buffer.alloc(0), req.headers[SIGNATURE_HEADER])) {
        throw new AppError('vendor_signature_invalid');
      }
    });
    scope.addHook('onSend', (req, reply, payload, done) => {
      const map = req.vendor?.error_codes;
      if (reply.statusCode < 400 || !map || Object.keys(map).length === 0 || typeof payload !== 'string') {
        return done(null, payload);
      }
      const body = JSON.parse(payload) as { errorCode?: string };
      if (body.errorCode && map[body.errorCode]) body.errorCode = map[body.errorCode];
      done(null, JSON.stringify(body));
    });
    const on = ctx.routeIn(scope);
    on(vendorWalletEndpoints.balance, ({ merchant, params, body }) =>
      service.balance(merchant, params.vendor, body),
    );
    on(vendorWalletEndpoints.debit, ({ merchant, params, body }) =>
      service.debit(merchant, params.vendor, body),
    );
    on(vendorWalletEndpoints.credit, ({ merchant, params, body }) =>
      service.credit(merchant, params.vendor, body),
    );
    on(vendorWalletEndpoints.rollback, ({ merchant, params, body }) =>
      service.rollback(merchant, params.vendor, body),
    );
  });
};
