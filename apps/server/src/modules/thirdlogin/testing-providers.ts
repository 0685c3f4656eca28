// Test-only: a real OpenID provider (oidc-provider) and a minimal CAS server, each on a random local port.
// Imported by tests only (the server never loads this file).
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider signs in at its next login prompt (its own account id = the subject). */
  signInAs(accountId: string): void;
  /**
   * From now on the provider publishes a key of the same id but other material, as if an attacker had
   * forged its tokens: ID tokens it signs no longer verify against what it publishes.
   */
  publishWrongKeys(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An OpenID provider with one confidential client whose redirect addresses are `redirectUris`. Its login
 * prompt is answered at once for the account set with signInAs (no form: the test is about our side).
 */
export async function startLocalOidc(redirectUris: string[]): Promise<LocalOidc> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'anxue-test';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  let accountId = 'alice';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, preferred_username: id, name: `用户 ${id}` }) };
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    // profile claims in the ID token itself, as most providers send them
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  let wrongKeys: object | null = null;
  server.on('request', async (req, res) => {
    if (wrongKeys && req.url === '/jwks') {
      res.setHeader('content-type', 'application/jwk-set+json');
      res.end(JSON.stringify(wrongKeys));
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      try {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
      return;
    }
    provider.callback()(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(id) {
      accountId = id;
    },
    async publishWrongKeys() {
      const real = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<Record<string, string>> };
      wrongKeys = {
        keys: real.keys.map((k) => {
          if (k.kty !== 'RSA') return k;
          const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
          return { ...k, n: other.n, e: other.e };
        }),
      };
    },
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface LocalCas {
  url: string;
  /** A ticket for `user` valid once, for `service`. */
  issue(user: string, service: string): string;
  /** Who the CAS sign-in page (/cas/login) signs in, at once, before sending the browser back with a ticket. */
  signInAs(user: string): void;
  close(): Promise<void>;
}

/** A CAS server of a few lines: /p3/serviceValidate answers the protocol's XML for tickets it issued. */
export async function startLocalCas(): Promise<LocalCas> {
  const tickets = new Map<string, { user: string; service: string }>();
  let n = 0;
  let loginAs = 'admin';
  const issue = (user: string, service: string) => {
    const t = `ST-${++n}-${Math.random().toString(36).slice(2)}`;
    tickets.set(t, { user, service });
    return t;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      const back = new URL(service);
      back.searchParams.set('ticket', issue(loginAs, service));
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (url.pathname !== '/cas/p3/serviceValidate') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const ticket = url.searchParams.get('ticket') ?? '';
    const entry = tickets.get(ticket);
    tickets.delete(ticket);
    if (!entry || entry.service !== url.searchParams.get('service')) {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`);
      return;
    }
    res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${entry.user}</cas:user><cas:attributes><cas:email>${entry.user}@example.org</cas:email></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`,
    issue,
    signInAs(user) {
      loginAs = user;
    },
    close: () => closeServer(server),
  };
}
