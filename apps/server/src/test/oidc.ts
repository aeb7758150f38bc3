import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestIdentity {
  sub: string;
  email?: string;
  name?: string;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1:<random port> with one
 * confidential client. Its interaction auto-logs-in `nextIdentity` and grants the requested scopes, so a
 * test drives the whole browser dance with fetch: authorization URL -> interaction -> our callback.
 */
export async function startTestOidcProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestIdentity>();
  let nextIdentity: TestIdentity = { sub: 'oidc-user-1', email: 'user1@idp.test', name: 'User One' };
  let provider: Provider | undefined;
  const client = { clientId: 'bp-test-client', clientSecret: 'bp-test-secret-0123456789abcdef' };

  /** Attaches the provider once our server's callback URL is known (the client's redirect_uri). */
  function configure(redirectUris: string[]) {
    const configuration: Configuration = {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'email', 'profile'],
      pkce: { required: () => true },
      // the claims of the granted scopes go into the ID token itself (no userinfo call needed)
      conformIdTokenClaims: false,
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      jwks: {
        keys: [
          {
            ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
            kid: 'k1',
            use: 'sig',
            alg: 'RS256',
          },
        ],
      },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      findAccount: async (_ctx, id) => {
        const who = accounts.get(id);
        if (!who) return undefined;
        return {
          accountId: id,
          claims: async () => ({ sub: id, email: who.email, email_verified: true, name: who.name }),
        };
      },
    };
    const p = new Provider(issuer, configuration);
    provider = p;
    const handler = p.callback();
    server.removeAllListeners('request');
    const onRequest = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
      if (!m) return handler(req, res);
      try {
        const details = await p.interactionDetails(req, res);
        const prompt = details.prompt.name;
        if (prompt === 'login') {
          accounts.set(nextIdentity.sub, nextIdentity);
          await p.interactionFinished(
            req,
            res,
            { login: { accountId: nextIdentity.sub } },
            {
              mergeWithLastSubmission: false,
            },
          );
          return;
        }
        // consent: grant whatever was asked
        const accountId = details.session!.accountId;
        const grant = details.grantId
          ? (await p.Grant.find(details.grantId))!
          : new p.Grant({ accountId, clientId: details.params.client_id as string });
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (err) {
        res.statusCode = 500;
        res.end(String((err as Error).message));
      }
    };
    // The provider's callback and the try above answer every failure; nothing is left to reject.
    server.on('request', (req, res) => void onRequest(req, res));
  }

  return {
    issuer,
    client,
    configure,
    /** The identity the next login at the provider returns. */
    setNextIdentity(who: TestIdentity) {
      nextIdentity = who;
    },
    get provider() {
      return provider;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startTestOidcProvider>>;

/** A tiny cookie jar for driving redirects by hand (fetch has none in Node). */
export function cookieJar() {
  const jar = new Map<string, Map<string, string>>();
  return {
    store(url: string, res: Response) {
      const host = new URL(url).host;
      const bag = jar.get(host) ?? new Map<string, string>();
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        bag.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
      }
      jar.set(host, bag);
    },
    header(url: string) {
      const bag = jar.get(new URL(url).host);
      return bag ? [...bag].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    },
  };
}

/**
 * Follows redirects like a browser (GET, cookies per host) from `url` until the response is not a redirect
 * or the next hop would leave for a URL `stop` accepts; returns that URL (or the final response's).
 */
export async function followRedirects(
  url: string,
  stop: (next: URL) => boolean,
  jar = cookieJar(),
  maxHops = 20,
): Promise<{ url: string; status: number; body?: string }> {
  let current = url;
  for (let i = 0; i < maxHops; i++) {
    const res = await fetch(current, { redirect: 'manual', headers: { cookie: jar.header(current) } });
    jar.store(current, res);
    const loc = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !loc) {
      return { url: current, status: res.status, body: await res.text() };
    }
    await res.arrayBuffer();
    const next = new URL(loc, current);
    if (stop(next)) return { url: next.toString(), status: res.status };
    current = next.toString();
  }
  throw new Error('too many redirects');
}
