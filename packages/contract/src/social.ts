import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZLoginValue } from './session.js';

/**
 * Social login (SPEC §2.6: Facebook or Google; the user must bind an existing account or register a new
 * one, and this cannot be undone). OpenID Connect authorization code flow with PKCE, state and nonce:
 *
 * 1. `GET /wps/session/social/:provider/start?redirect=/path` -> `{ url }`: open it (popup or page).
 * 2. The provider posts back to `/wps/session/social/:provider/callback` (response_mode form_post, so
 *    the code never appears in a URL or log); the server checks state, exchanges the code, validates the
 *    ID token and redirects the browser to the site:
 *    - identity already bound: `/social/done#ticket=<t>` -> `POST /wps/session/social/exchange {ticket}`
 *      answers the login value;
 *    - not bound: `/social/bind#ticket=<t>&provider=<p>` -> `POST .../social/pending {ticket}` shows who
 *      signed in; then `POST .../social/bind {ticket, username, password}` (existing account) or
 *      `POST .../social/register {ticket, username, password, confirmPassword}` (new account); both log in;
 *    - refused or failed at the provider: `/social/done#error=social_login_failed`.
 *    Tickets live 10 minutes and work once; they ride in the fragment so no server log sees them.
 * One identity binds one account, one account binds one identity per provider (409 otherwise); there is
 * no unbind call.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_TICKET_MINUTES = 10;
export const SOCIAL_SITE_PATHS = { done: '/social/done', bind: '/social/bind' } as const;

const ZProviderParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
const ZTicket = z.string().trim().min(16).max(128);

export const ZSocialStartQuery = z.object({
  /** path on the site to come back to after login (same site only) */
  redirect: z
    .string()
    .trim()
    .max(512)
    .regex(/^\/(?![/\\])[^\s]*$/, 'a path on this site')
    .optional(),
});
export const ZSocialCallback = z.object({
  code: z.string().max(2048).optional(),
  /** RFC 9207 issuer of the authorization response */
  iss: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export const ZSocialTicketRequest = z.object({
  ticket: ZTicket,
  loginDeviceId: z.string().trim().max(128).optional(),
});
export const ZSocialPending = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export const ZSocialBindRequest = ZSocialTicketRequest.extend({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export const ZSocialRegisterRequest = ZSocialTicketRequest.extend({
  /** omitted: derived from the provider's e-mail or name (plus digits), following the username rule */
  username: z.string().trim().min(1).max(64).optional(),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});

const tags = ['social'];

export const socialEndpoints = {
  providers: defineEndpoint({
    id: 'session.social.providers',
    method: 'GET',
    path: '/wps/session/social/providers',
    auth: 'none',
    response: z.array(z.object({ provider: z.enum(SOCIAL_PROVIDERS) })),
    summary: 'Social login providers configured and enabled for this merchant (the login buttons)',
    tags,
  }),
  start: defineEndpoint({
    id: 'session.social.start',
    method: 'GET',
    path: '/wps/session/social/:provider/start',
    auth: 'none',
    params: ZProviderParams,
    query: ZSocialStartQuery,
    response: z.object({ url: z.string() }),
    summary: 'Authorization URL of the provider (state, nonce and PKCE kept server-side for 10 minutes)',
    tags,
  }),
  callback: defineEndpoint({
    id: 'session.social.callback',
    method: 'POST',
    path: '/wps/session/social/:provider/callback',
    auth: 'none',
    form: true,
    params: ZProviderParams,
    body: ZSocialCallback,
    response: z.null(),
    summary:
      "The provider's form_post answer: redirects the browser to /social/done or /social/bind with a ticket",
    tags,
  }),
  callbackGet: defineEndpoint({
    id: 'session.social.callback.get',
    method: 'GET',
    path: '/wps/session/social/:provider/callback',
    auth: 'none',
    params: ZProviderParams,
    query: ZSocialCallback,
    response: z.null(),
    summary: 'Same as the POST callback for providers that answer with a query string',
    tags,
  }),
  exchange: defineEndpoint({
    id: 'session.social.exchange',
    method: 'POST',
    path: '/wps/session/social/exchange',
    auth: 'none',
    body: ZSocialTicketRequest,
    response: ZLoginValue,
    summary: 'Trade the one-time ticket of a bound identity for a session (login value)',
    tags,
  }),
  pending: defineEndpoint({
    id: 'session.social.pending',
    method: 'POST',
    path: '/wps/session/social/pending',
    auth: 'none',
    body: ZSocialTicketRequest,
    response: ZSocialPending,
    summary: 'Who signed in at the provider (for the bind-or-register screen); does not use the ticket up',
    tags,
  }),
  bind: defineEndpoint({
    id: 'session.social.bind',
    method: 'POST',
    path: '/wps/session/social/bind',
    auth: 'none',
    encrypted: true,
    body: ZSocialBindRequest,
    response: ZLoginValue,
    summary: 'Bind the identity to an existing account (its username and password), irreversibly, and log in',
    tags,
  }),
  register: defineEndpoint({
    id: 'session.social.register',
    method: 'POST',
    path: '/wps/session/social/register',
    auth: 'none',
    encrypted: true,
    body: ZSocialRegisterRequest,
    response: ZLoginValue,
    summary:
      "Register a new account (the merchant's username and password rules) bound to the identity, and log in",
    tags,
  }),
};

// ---- Operator API: the merchant's provider settings ----------------------------------------------

export const ZSocialProviderAdmin = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  /** where the effective setting comes from: the merchant's own row, the server environment, or nowhere */
  source: z.enum(['merchant', 'environment', 'none']),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** the secret itself is never returned */
  hasClientSecret: z.boolean(),
  enabled: z.boolean(),
});
export const ZSocialProviderInput = z.object({
  issuer: z.url({ protocol: /^https?$/ }).max(512),
  clientId: z.string().trim().min(1).max(256),
  /** omitted: keep the stored secret */
  clientSecret: z.string().min(1).max(512).optional(),
  enabled: z.boolean().default(true),
});

export const socialAdminEndpoints = {
  list: defineEndpoint({
    id: 'admin.social.list',
    method: 'GET',
    path: '/admin/api/social-providers',
    auth: 'operator',
    response: z.array(ZSocialProviderAdmin),
    summary: 'Social login providers of the merchant (secrets never shown)',
    tags: ['admin'],
  }),
  update: defineEndpoint({
    id: 'admin.social.update',
    method: 'PUT',
    path: '/admin/api/social-providers/:provider',
    auth: 'operator',
    params: ZProviderParams,
    body: ZSocialProviderInput,
    response: ZSocialProviderAdmin,
    summary: "Set the merchant's OpenID Connect settings of a provider (audited; overrides the environment)",
    tags: ['admin'],
  }),
};
