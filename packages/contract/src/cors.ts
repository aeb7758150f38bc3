import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * Cross-origin calls (issue 12). Same-origin by default; a browser page on one of the merchant's own
 * domains may call the API from another of them, and so may the extra origins the operator lists here
 * (a partner site, an app's web view). Preflights are answered; other origins get no CORS headers.
 */
export const ZCorsOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(/^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/, 'an origin: scheme://host[:port]');

export const ZCorsSettingsInput = z.object({ origins: z.array(ZCorsOrigin).max(50) });
export type TCorsSettingsInput = z.infer<typeof ZCorsSettingsInput>;

export const ZCorsSettings = z.object({
  /** the extra origins the operator allows */
  origins: z.array(z.string()),
  /** the merchant's own domains: always allowed, over http and https */
  domains: z.array(z.string()),
});
export type TCorsSettings = z.infer<typeof ZCorsSettings>;

const tags = ['admin'];

export const corsAdminEndpoints = {
  get: defineEndpoint({
    id: 'admin.cors.get',
    method: 'GET',
    path: '/admin/api/security/cors',
    auth: 'operator',
    response: ZCorsSettings,
    summary: 'Origins allowed to call the API from a browser: the merchant domains and the extra list',
    tags,
  }),
  update: defineEndpoint({
    id: 'admin.cors.update',
    method: 'PUT',
    path: '/admin/api/security/cors',
    auth: 'operator',
    body: ZCorsSettingsInput,
    response: ZCorsSettings,
    summary: 'Replaces the extra origins allowed to call the API from a browser (audited)',
    tags,
  }),
};
