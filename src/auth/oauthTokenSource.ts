import { asyncScheduler, defer, lastValueFrom } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type * as OpenIdClient from 'openid-client';
import type { CantonError } from '../errors/CantonError.js';
import { formatError } from '../errors/formatError.js';
import { redact } from '../http/redact.js';
import { retryBackoff } from '../retry/retryBackoff.js';
import { checkOAuthConfig } from './checkOAuthConfig.js';
import { clientAuthentication } from './clientAuthentication.js';
import { issuerError } from './issuerError.js';
import { loadOpenIdClient } from './loadOpenIdClient.js';
import type { OAuthClientCredentials, RenewingTokenSource } from './OAuthClientCredentials.js';
import { renewingToken, type IssuedToken } from './renewingToken.js';

const DEFAULT_REFRESH_BEFORE_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
/** How long a token is taken to live when neither the answer (`expires_in`) nor the token (`exp`) says. */
const UNKNOWN_LIFETIME_MS = 300_000;

/** An error to reject with: a name and a one-line message, nothing that holds the request. */
const failure = (message: string): Error => Object.assign(new Error(message), { name: 'OAuthError' });

/** The `exp` claim of a JWT, in epoch milliseconds, where the token is one and has it. */
const jwtExpiry = (token: string): number | undefined => {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const exp = (JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)))) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A token provider for the OAuth2 client-credentials grant, for `createClient`'s `token` (and the
 * CLI's `--oauth-issuer`). It asks the issuer (found by OpenID discovery, or the `tokenUrl` given)
 * for a token with the `audience` and `scope` configured, authenticating with the client secret
 * or a `private_key_jwt` assertion, and caches it: every request gets the cached token until it is
 * due for renewal (`refreshBeforeMs` before it expires, or at half its lifetime), when a new one
 * is asked for. However many requests wait, one token request is in flight. A failing issuer is
 * tried again with the `retry` policy (network errors, timeouts, 429, 502, 503, 504); what still
 * fails rejects every waiting request, which the client reports as a retryable `InvalidRequest`
 * with `reason: 'token-provider'`, and the next request asks again. No message quotes the secret,
 * the key or a token. An invalid config rejects every call, naming its fields.
 *
 * Nothing happens before the first request; `openid-client` (an optional peer dependency) is
 * loaded then. The source also tells when it will replace a token (`renewsAt`), so that the
 * ledger's WebSocket streams reconnect with the new token before the old one expires.
 * See docs/auth.md.
 * @example
 * ```ts
 * import { createClient, oauthTokenSource } from 'canton-rx';
 *
 * const token = oauthTokenSource({
 *   issuer: 'https://login.example.com/realms/canton',
 *   clientId: 'indexer',
 *   clientSecret: process.env.OAUTH_CLIENT_SECRET,
 *   audience: 'https://daml.com/jwt/aud/participant/participant1',
 *   scope: 'daml_ledger_api',
 * });
 * const client = createClient({ ledger: { url: 'https://participant.example.com', token } });
 * ```
 * @category Sign-in
 * @since 0.4.0
 */
export const oauthTokenSource = (config: OAuthClientCredentials): RenewingTokenSource => {
  const location = checkOAuthConfig(config);
  const clean = (text: string) => redact(text, config.clientSecret);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const refreshBeforeMs = config.refreshBeforeMs ?? DEFAULT_REFRESH_BEFORE_MS;
  const now = () => asyncScheduler.now();

  /** One request to the issuer, tried again with the retry policy; what still fails rejects. */
  const ask = <A>(method: string, url: string, run: () => Promise<A>): Promise<A> =>
    lastValueFrom(
      defer(() => run().then((a): E.Either<CantonError, A> => E.right(a), (e: unknown): E.Either<CantonError, A> => E.left(issuerError(e, method, url, timeoutMs, clean)))).pipe(
        retryBackoff<A>(config.retry),
      ),
    ).then((r) => (E.isRight(r) ? r.right : Promise.reject(failure(`the OAuth issuer failed: ${formatError(r.left)}`))));

  /** The issuer's configuration: discovered once (a failed discovery is asked again next time). */
  let configuration: Promise<OpenIdClient.Configuration> | undefined;
  const configure = async (oidc: typeof OpenIdClient, url: URL, discover: boolean, insecure: boolean): Promise<OpenIdClient.Configuration> => {
    const timeout = Math.ceil(timeoutMs / 1000);
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    const server: OpenIdClient.ServerMetadata = discover
      ? (await ask('GET', `${url.href.replace(/\/$/, '')}/.well-known/openid-configuration`, () => oidc.discovery(url, config.clientId, undefined, oidc.None(), { execute, timeout }))).serverMetadata()
      : // Without discovery the token endpoint stands for the issuer: it is what a private_key_jwt assertion names as its audience (RFC 7523).
        { issuer: url.href, token_endpoint: url.href };
    const auth = await clientAuthentication(oidc, config, server.token_endpoint_auth_methods_supported);
    const configured = new oidc.Configuration(server, config.clientId, undefined, auth);
    configured.timeout = timeout;
    for (const run of execute) run(configured);
    return configured;
  };

  const issue = async (): Promise<IssuedToken> => {
    if (E.isLeft(location)) throw failure(`${location.left.message}: ${location.left.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
    const { url, discover, insecure } = location.right;
    const oidc = await loadOpenIdClient();
    configuration ??= configure(oidc, url, discover, insecure).catch((e: unknown) => {
      configuration = undefined;
      throw e;
    });
    const configured = await configuration;
    const parameters: Record<string, string> = {};
    if (config.scope !== undefined) parameters['scope'] = config.scope;
    if (config.audience !== undefined) parameters[config.audienceParameter ?? 'audience'] = config.audience;
    const sentAt = now();
    const tokenUrl = configured.serverMetadata().token_endpoint ?? url.href;
    const answer = await ask('POST', tokenUrl, () => oidc.clientCredentialsGrant(configured, parameters));
    const token = answer.access_token;
    // Counted from the request's sending: an answer that took long makes the token older, not younger.
    const lifetimeMs = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : (jwtExpiry(token) ?? sentAt + UNKNOWN_LIFETIME_MS) - sentAt;
    return { token, renewsAt: sentAt + Math.max(lifetimeMs - refreshBeforeMs, lifetimeMs / 2) };
  };

  return renewingToken(issue, now);
};
