import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The client with a secret (client_secret_basic or client_secret_post). */
export const SECRET_CLIENT = { id: 'canton-rx-indexer', secret: 'oidc-client-secret-3f9a7c1e' } as const;
/** The client that signs private_key_jwt assertions with an ES256 key. */
export const KEY_CLIENT = { id: 'canton-rx-signer', keyId: 'signer-key-1' } as const;
/** The participant's audience, as Canton 3.7 expects it, and another one. */
export const AUDIENCE = 'https://daml.com/jwt/aud/participant/sim';
export const OTHER_AUDIENCE = 'https://other.example/api';

const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
/** The private key of KEY_CLIENT, as PKCS #8 PEM text and as a JWK. */
export const KEY_CLIENT_PEM = signer.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
export const KEY_CLIENT_JWK = signer.privateKey.export({ format: 'jwk' }) as JsonWebKey;

/** A real OpenID provider (oidc-provider, certified) on 127.0.0.1, with faults to inject. */
export interface TestIssuer {
  readonly issuer: string;
  readonly tokenUrl: string;
  /** Requests that reached the token endpoint, failed ones included. */
  readonly tokenRequests: () => number;
  readonly discoveryRequests: () => number;
  /** Answers the next `count` requests to the endpoint with `status` (a JSON OAuth error body). */
  readonly fail: (endpoint: 'token' | 'discovery', count: number, status?: number) => void;
  /** The lifetime of the tokens issued from now on, in seconds. */
  ttlSeconds: number;
  readonly close: () => Promise<void>;
}

/** oidc-provider warns about Node 20 and its development defaults on the console: quiet while it starts. */
const quietly = async <A>(run: () => Promise<A>): Promise<A> => {
  const { warn, info } = console;
  console.warn = () => undefined;
  console.info = () => undefined;
  try {
    return await run();
  } finally {
    console.warn = warn;
    console.info = info;
  }
};

/**
 * Starts oidc-provider 9 on 127.0.0.1 port 0: client-credentials grant, resource indicators
 * (RFC 8707) for AUDIENCE and OTHER_AUDIENCE, JWT access tokens (RS256) whose `aud` is the
 * resource and `sub` the client id.
 */
export const startOpenIdProvider = async (): Promise<TestIssuer> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const state = { ttlSeconds: 120, tokenRequests: 0, discoveryRequests: 0, failures: { token: { count: 0, status: 503 }, discovery: { count: 0, status: 503 } } };
  const provider = await quietly(async () => {
    const { default: Provider, errors } = await import('oidc-provider');
    return new Provider(issuer, {
      clients: [
        { client_id: SECRET_CLIENT.id, client_secret: SECRET_CLIENT.secret, grant_types: ['client_credentials'], redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_basic' },
        {
          client_id: KEY_CLIENT.id,
          grant_types: ['client_credentials'],
          redirect_uris: [],
          response_types: [],
          token_endpoint_auth_method: 'private_key_jwt',
          token_endpoint_auth_signing_alg: 'ES256',
          jwks: { keys: [{ ...(signer.publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: KEY_CLIENT.keyId, alg: 'ES256', use: 'sig' }] },
        },
      ],
      jwks: { keys: [{ ...(signing as Record<string, unknown>), kid: 'issuer-key', alg: 'RS256', use: 'sig' }] },
      ttl: { ClientCredentials: () => state.ttlSeconds },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => undefined,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => {
            if (resource !== AUDIENCE && resource !== OTHER_AUDIENCE) throw new errors.InvalidTarget();
            return { scope: 'daml_ledger_api', audience: resource, accessTokenTTL: state.ttlSeconds, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
          },
        },
      },
    } as never);
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const endpoint = req.url?.startsWith('/token') ? 'token' : req.url?.startsWith('/.well-known/openid-configuration') ? 'discovery' : undefined;
    if (endpoint === 'token') state.tokenRequests++;
    if (endpoint === 'discovery') state.discoveryRequests++;
    const failure = endpoint === undefined ? undefined : state.failures[endpoint];
    if (failure !== undefined && failure.count > 0) {
      failure.count--;
      req.resume();
      res.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'temporarily_unavailable', error_description: 'the issuer is down for a while' }));
      return;
    }
    void callback(req, res);
  });
  const handle: TestIssuer = {
    issuer,
    tokenUrl: `${issuer}/token`,
    tokenRequests: () => state.tokenRequests,
    discoveryRequests: () => state.discoveryRequests,
    fail: (endpoint, count, status = 503) => {
      state.failures[endpoint] = { count, status };
    },
    get ttlSeconds() {
      return state.ttlSeconds;
    },
    set ttlSeconds(value: number) {
      state.ttlSeconds = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return handle;
};
