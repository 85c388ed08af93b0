import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { checkRetryConfig } from '../retry/retryBackoff.js';
import { Checks } from '../validation/checks.js';
import type { OAuthClientCredentials } from './OAuthClientCredentials.js';

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/** Where the token comes from, once the config is checked. @internal */
export interface IssuerLocation {
  /** The issuer to discover, or the token endpoint. */
  readonly url: URL;
  readonly discover: boolean;
  /** Plain `http:` to a loopback host (a provider on the same machine, a test). */
  readonly insecure: boolean;
}

/** A URL's problem, or the URL: `https:`, or `http:` to a loopback host; no user info, query or fragment. */
const issuerUrl = (checks: Checks, value: unknown, path: string): URL | undefined => {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    checks.fail(path, 'must be an absolute http(s) URL');
    return undefined;
  }
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  checks.check(ok, path, 'must be https: (http: only to localhost, 127.0.0.1 or [::1])');
  checks.check(url.username === '' && url.password === '' && url.search === '' && url.hash === '', path, 'must have no user info, query or fragment');
  return ok ? url : undefined;
};

/**
 * Checks a client-credentials config: exactly one of `issuer` and `tokenUrl` (an `https:` URL, or
 * `http:` to a loopback host), a `clientId`, exactly one of `clientSecret` and `privateKey`, and
 * the durations and retry policy as the streams check theirs. The Left names each field and
 * never quotes the secret or the key.
 * @example
 * ```ts
 * checkOAuthConfig({ issuer: 'https://login.example.com', clientId: 'indexer', clientSecret: 's' }); // Right({ url, discover: true, insecure: false })
 * ```
 * @internal
 */
export const checkOAuthConfig = (config: OAuthClientCredentials): E.Either<InvalidRequest, IssuerLocation> => {
  const checks = new Checks();
  const hasIssuer = config.issuer !== undefined;
  checks.check(hasIssuer !== (config.tokenUrl !== undefined), hasIssuer ? 'tokenUrl' : 'issuer', hasIssuer ? 'must be unset when issuer is given' : 'is required (or tokenUrl)');
  const url = hasIssuer ? issuerUrl(checks, config.issuer, 'issuer') : config.tokenUrl !== undefined ? issuerUrl(checks, config.tokenUrl, 'tokenUrl') : undefined;
  checks.check(typeof config.clientId === 'string' && config.clientId !== '', 'clientId', 'must be a non-empty string');
  const hasSecret = config.clientSecret !== undefined;
  checks.check(hasSecret !== (config.privateKey !== undefined), hasSecret ? 'privateKey' : 'clientSecret', hasSecret ? 'must be unset when clientSecret is given' : 'is required (or privateKey)');
  if (hasSecret) checks.check(typeof config.clientSecret === 'string' && config.clientSecret !== '', 'clientSecret', 'must be a non-empty string');
  if (config.secretMethod !== undefined) checks.check(config.secretMethod === 'basic' || config.secretMethod === 'post', 'secretMethod', "must be 'basic' or 'post'");
  if (config.audienceParameter !== undefined) checks.check(config.audienceParameter === 'audience' || config.audienceParameter === 'resource', 'audienceParameter', "must be 'audience' or 'resource'");
  for (const field of ['audience', 'scope'] as const) {
    if (config[field] !== undefined) checks.check(typeof config[field] === 'string' && config[field] !== '', field, 'must be a non-empty string');
  }
  if (config.refreshBeforeMs !== undefined) checks.duration(config.refreshBeforeMs, 'refreshBeforeMs');
  if (config.timeoutMs !== undefined) checks.check(Number.isSafeInteger(config.timeoutMs) && config.timeoutMs > 0, 'timeoutMs', 'must be a positive whole number of milliseconds');
  if (config.retry !== undefined) checkRetryConfig(checks, config.retry, 'retry.');
  const checked = checks.result('OAuth client credentials', config);
  if (E.isLeft(checked)) return checked;
  // Every check passed, so the URL parsed.
  return E.right({ url: url!, discover: hasIssuer, insecure: url!.protocol === 'http:' });
};
