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
/**
 * The least time before its expiry a token is replaced, whatever `refreshBeforeMs` says: a JWT's
 * `exp` is whole seconds rounded down, the participant's clock is not ours, and a request takes
 * time to arrive, so a token used to its last millisecond is refused.
 */
const MIN_REFRESH_BEFORE_MS = 5_000;
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
 * When a token that arrived at `arrivedAt` expires and is due for renewal. Its life counts from
 * its arrival, not from the request's sending: a token that came late (the issuer was down and
 * the request was tried again for a while) is as young as its `expires_in` says. A readable JWT's
 * own `exp` (whole seconds, rounded down by the issuer) bounds it where earlier. It is renewed
 * `refreshBeforeMs` (at least {@link MIN_REFRESH_BEFORE_MS}) before it expires, or at half its
 * life where that comes later: so even a token already past its renewal point on arrival is
 * renewed before it expires, never at once.
 */
const renewalOf = (token: string, expiresIn: number | undefined, arrivedAt: number, refreshBeforeMs: number): IssuedToken => {
  const byAnswer = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? arrivedAt + expiresIn * 1000 : undefined;
  const byClaim = jwtExpiry(token);
  // An `exp` already past by our clock says more of the issuer's clock than of the token: the answer's `expires_in` then rules.
  const claim = byClaim !== undefined && byClaim > arrivedAt ? byClaim : undefined;
  const expiresAt = byAnswer !== undefined && claim !== undefined ? Math.min(byAnswer, claim) : (byAnswer ?? claim ?? arrivedAt + UNKNOWN_LIFETIME_MS);
  const lifetimeMs = expiresAt - arrivedAt;
  return { token, renewsAt: arrivedAt + Math.max(lifetimeMs - Math.max(refreshBeforeMs, MIN_REFRESH_BEFORE_MS), lifetimeMs / 2) };
};

/**
 * A token provider for the OAuth2 client-credentials grant, for `createClient`'s `token` (and the
 * CLI's `--oauth-issuer`). It asks the issuer (found by OpenID discovery, or the `tokenUrl` given)
 * for a token with the `audience` and `scope` configured, authenticating with the client secret
 * or a `private_key_jwt` assertion, and caches it: every request gets the cached token until it is
 * due for renewal (`refreshBeforeMs`, at least 5 s, before it expires, or at half its lifetime,
 * counted from the token's arrival and bounded by a JWT's `exp`), when a new one is asked for. However many requests wait, one token request is in flight. A failing issuer is
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
    const tokenUrl = configured.serverMetadata().token_endpoint ?? url.href;
    const answer = await ask('POST', tokenUrl, () => oidc.clientCredentialsGrant(configured, parameters));
    return renewalOf(answer.access_token, answer.expires_in, now(), refreshBeforeMs);
  };

  return renewingToken(issue, now);
};
