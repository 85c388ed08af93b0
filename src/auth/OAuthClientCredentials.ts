import type { RetryBackoffConfig } from '../retry/retryBackoff.js';

/**
 * The private key of `private_key_jwt` client authentication (RFC 7523): the client signs a
 * short-lived assertion instead of sending a secret.
 * @example
 * ```ts
 * const key: OAuthPrivateKey = { key: readFileSync('/run/secrets/client-key.pem', 'utf8'), keyId: 'key-1', algorithm: 'RS256' };
 * ```
 * @category Sign-in
 * @since 0.4.0
 */
export interface OAuthPrivateKey {
  /**
   * A PKCS #8 PEM text (`-----BEGIN PRIVATE KEY-----`), a private JWK, or a WebCrypto
   * `CryptoKey` that may sign. The two are written by the fields read here rather than as the DOM
   * lib's `JsonWebKey` and `CryptoKey` (which both fit), so that an application compiled without
   * the DOM lib and without `skipLibCheck` still compiles canton-rx's declarations.
   */
  readonly key: string | { readonly kty?: string; readonly crv?: string; readonly alg?: string } | { readonly type: string; readonly algorithm: object; readonly usages: ReadonlyArray<string> };
  /** The `kid` the issuer registered the public key under, sent in the assertion's header. */
  readonly keyId?: string;
  /**
   * The JWS algorithm: `RS256` (default for PEM), `RS384`, `RS512`, `PS256`, `PS384`, `PS512`,
   * `ES256`, `ES384`, `ES512` or `EdDSA`. A JWK's own `alg` (or its curve) is used when absent.
   */
  readonly algorithm?: string;
}

/**
 * An OAuth2 client-credentials grant (RFC 6749 §4.4), as {@link oauthTokenSource} reads it.
 * Exactly one of `issuer` and `tokenUrl`, and exactly one of `clientSecret` and `privateKey`.
 * Both URLs must be `https:`, except on a loopback host (`localhost`, `127.0.0.1`, `[::1]`).
 * @example
 * ```ts
 * const config: OAuthClientCredentials = {
 *   issuer: 'https://login.example.com/realms/canton',
 *   clientId: 'indexer',
 *   clientSecret: process.env.OAUTH_CLIENT_SECRET,
 *   audience: 'https://daml.com/jwt/aud/participant/participant1',
 * };
 * ```
 * @category Sign-in
 * @since 0.4.0
 */
export interface OAuthClientCredentials {
  /** The OpenID issuer: its token endpoint is read from `<issuer>/.well-known/openid-configuration`. */
  readonly issuer?: string;
  /** The token endpoint itself, for a provider without a discovery document. */
  readonly tokenUrl?: string;
  readonly clientId: string;
  /** The client secret (`client_secret_basic`, or `client_secret_post` with `secretMethod: 'post'`). */
  readonly clientSecret?: string;
  /** How the secret is sent; default `basic`, or `post` where discovery lists only that. */
  readonly secretMethod?: 'basic' | 'post';
  /** Sign a `private_key_jwt` assertion with this key instead of sending a secret. */
  readonly privateKey?: OAuthPrivateKey;
  /**
   * The audience the token must carry (Canton 3.7 refuses tokens without its audience, for
   * example `https://daml.com/jwt/aud/participant/<participant-id>`).
   */
  readonly audience?: string;
  /**
   * The form parameter that carries `audience`: `audience` (default; Auth0 and most hosted
   * providers) or `resource` (RFC 8707 resource indicators: Keycloak 26+, oidc-provider).
   */
  readonly audienceParameter?: 'audience' | 'resource';
  /** The scopes asked for, space-separated (for example `daml_ledger_api`). */
  readonly scope?: string;
  /**
   * How long before its expiry a token is replaced; default 60 000 ms, and never less than
   * 5 000 ms (a JWT's `exp` is rounded down to the second, and clocks differ: 0 is taken as
   * 5 000). A token that lives less than twice this long is replaced at half its lifetime. The
   * lifetime counts from the token's arrival, bounded by its `exp` where it is a readable JWT.
   */
  readonly refreshBeforeMs?: number;
  /**
   * How the issuer is tried again when it fails (network errors, timeouts, 429, 502, 503, 504):
   * the stream options' policy, with the same defaults (5 retries from 500 ms).
   */
  readonly retry?: RetryBackoffConfig;
  /** How long one request to the issuer may take; default 30 000 ms. */
  readonly timeoutMs?: number;
}

/**
 * A token provider that knows when it will replace the token it gave: `renewsAt(token)` is the
 * time (epoch milliseconds) from which it hands out another one, or `undefined` for a token it
 * does not know. The ledger's WebSocket streams read it to reconnect with the new token before
 * the old one expires; any provider of your own may have it too.
 * @example
 * ```ts
 * const token = await source();
 * const due = source.renewsAt(token); // e.g. Date.now() + 240_000
 * ```
 * @category Sign-in
 * @since 0.4.0
 */
export interface RenewingTokenSource {
  /** The current token: cached, or asked for when it is due for renewal. */
  (): Promise<string>;
  /** When this source replaces `token` (epoch milliseconds), or `undefined` for a token it does not know. */
  renewsAt(token: string): number | undefined;
  /**
   * Told that a server refused `token` (HTTP 401: it expired or was revoked under a read): the
   * source drops it, so that the next call asks for a new one. The client tells it before it tries
   * a refused request once more; a source without it is simply asked again.
   */
  refused?(token: string): void;
}
