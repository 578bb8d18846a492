import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcPerson {
  name: string;
  email?: string;
  email_verified?: boolean;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1, standing in for Google, Apple and Line: one
 * confidential client each, its development login and consent pages driven over HTTP.
 */
export async function startOidcStandIn(options: {
  people: Record<string, OidcPerson>;
  clients: { client_id: string; client_secret: string }[];
  redirectUri: string;
}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      redirect_uris: [options.redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile', 'name'],
    // Like Google, Apple and Line: the ID token itself carries the scopes' claims.
    conformIdTokenClaims: false,
    cookies: { keys: ['stand-in cookie signing key'] },
    // Apple's browser SDK sends no PKCE; Google and Line sign-ins must use it.
    pkce: { required: (_ctx, client) => !client.clientId.startsWith('apple') },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    async findAccount(_ctx, id) {
      const person = options.people[id];
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
