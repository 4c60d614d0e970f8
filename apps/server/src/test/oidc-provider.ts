import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider signs in: their subject and the claims of their ID token. */
export type TestAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  sourced_id?: string;
  /** Microsoft Entra ID's "email domain owner verified". */
  xms_edov?: boolean;
};

export type TestOpenIdProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next interaction signs in (the provider's login and consent, finished at once). */
  signInAs: (account: TestAccount) => void;
  /** The next token response carries an ID token that expired an hour ago, signed with the provider's key. */
  expireNextIdToken: () => void;
  close: () => Promise<void>;
};

/**
 * A real OpenID provider (panva's oidc-provider) on 127.0.0.1 and a port of its own, for the
 * school sign-in tests (apps/server/src/auth/oidc.test.ts, e2e/school-sign-in.spec.ts): one confidential client (code flow, PKCE, client_secret_basic) whose
 * redirect URIs are `redirectUris`. Its interactions finish programmatically: the account
 * named by `signInAs` logs in and grants the scopes asked.
 */
export async function startOpenIdProvider(
  redirectUris: string[],
  port = 0,
): Promise<TestOpenIdProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...(privateKey.export({ format: 'jwk' }) as JsonWebKey),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  };
  const clientId = 'bullpen-test';
  const clientSecret = 'a-test-client-secret-of-the-provider';
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  let expireNext = false;

  let handle: http.RequestListener = (_request, response) => response.end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'sourced_id', 'xms_edov'],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    // Scope claims in the ID token itself, as school providers send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
  });

  const callback = provider.callback();
  handle = (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      void finishInteraction(request, response);
      return;
    }
    if (request.url?.startsWith('/token') && expireNext) {
      expireNext = false;
      expireIdToken(response, jwk);
    }
    void callback(request, response);
  };

  async function finishInteraction(request: http.IncomingMessage, response: http.ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    const account = next!;
    accounts.set(account.sub, account);
    const grant = new provider.Grant({
      accountId: account.sub,
      clientId: details.params.client_id as string,
    });
    grant.addOIDCScope(details.params.scope as string);
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    expireNextIdToken: () => {
      expireNext = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Rewrites the token response's ID token as the provider's own key would sign it an hour
 * late: the same claims, `exp` an hour ago. The body's length changes, so its header goes.
 */
function expireIdToken(response: http.ServerResponse, jwk: JsonWebKey & { kid: string }) {
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    name.toLowerCase() === 'content-length' ? response : setHeader(name, value);
  const end = response.end.bind(response) as (chunk?: unknown) => http.ServerResponse;
  response.end = ((chunk?: unknown) => {
    const body = JSON.parse(String(chunk)) as { id_token: string };
    const [header, payload] = body.id_token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString())) as [
      object,
      { iat: number; exp: number },
    ];
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${encode(header)}.${encode({ ...payload, iat: now - 7200, exp: now - 3600 })}`;
    const signature = sign('sha256', Buffer.from(signed), key).toString('base64url');
    return end(JSON.stringify({ ...body, id_token: `${signed}.${signature}` }));
  }) as typeof response.end;
}
