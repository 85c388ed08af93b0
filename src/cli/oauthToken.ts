import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import { checkOAuthConfig } from '../auth/checkOAuthConfig.js';
import { oauthTokenSource } from '../auth/oauthTokenSource.js';
import type { OAuthClientCredentials, RenewingTokenSource } from '../auth/OAuthClientCredentials.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import { UsageError } from './UsageError.js';

/**
 * The OAuth flags (commander's camel-cased names of {@link withOAuthOptions}).
 * @category CLI
 * @since 0.4.0
 */
export interface OAuthFlags {
  readonly oauthIssuer?: string;
  readonly oauthTokenUrl?: string;
  readonly clientId?: string;
  readonly clientSecretFile?: string;
  readonly privateKeyFile?: string;
  readonly keyId?: string;
  readonly keyAlgorithm?: string;
  readonly audience?: string;
  readonly audienceParameter?: 'audience' | 'resource';
  readonly scope?: string;
  readonly oauthRefreshBefore?: number;
  readonly retries?: number;
  readonly retryMaxDelay?: number;
}

/** The flag that sets a field of the library's config, to name it in a usage error. */
const FLAGS: Readonly<Record<string, string>> = {
  issuer: '--oauth-issuer',
  tokenUrl: '--oauth-token-url',
  clientId: '--client-id',
  clientSecret: 'the client secret',
  privateKey: '--private-key-file',
  audience: '--audience',
  scope: '--scope',
  refreshBeforeMs: '--oauth-refresh-before',
};
const flagOf = (path: string): string => FLAGS[path] ?? path;

/** A secret file's contents, trimmed; unreadable or empty is bad usage, named by path and flag, never quoted. */
const readSecretFile = (file: string, flag: string): string => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (e) {
    throw new UsageError(`cannot read ${file} (${flag}): ${(e as { code?: string }).code ?? 'unreadable'}`);
  }
  if (text.length === 0) throw new UsageError(`${file} (${flag}) is empty`);
  return text;
};

/**
 * The token source of `--oauth-issuer` or `--oauth-token-url`, or `undefined` when neither is
 * given. It needs `--client-id` and one credential: the secret from `--client-secret-file` or
 * `CANTON_RX_CLIENT_SECRET`, or `--private-key-file`. Missing or clashing flags, and the
 * library's own checks of the config, are a {@link UsageError} before anything is sent; the
 * issuer is retried with `--retries` and `--retry-max-delay`, like the reads.
 * @example
 * ```ts
 * const token = oauthToken({ oauthIssuer: 'https://login.example.com', clientId: 'indexer', audience: 'https://daml.com/jwt/aud/participant/p1' }, process.env);
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const oauthToken = (flags: OAuthFlags, env: Readonly<Record<string, string | undefined>>): RenewingTokenSource | undefined => {
  if (flags.oauthIssuer === undefined && flags.oauthTokenUrl === undefined) {
    const stray = (['clientId', 'clientSecretFile', 'privateKeyFile', 'audience', 'scope'] as const).find((f) => flags[f] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --oauth-issuer or --oauth-token-url`);
    return undefined;
  }
  if (flags.oauthIssuer !== undefined && flags.oauthTokenUrl !== undefined) throw new UsageError('give one of --oauth-issuer and --oauth-token-url');
  if (flags.clientId === undefined || flags.clientId === '') throw new UsageError('--client-id is required with --oauth-issuer or --oauth-token-url');
  const envSecret = env['CANTON_RX_CLIENT_SECRET']?.trim();
  const given = [flags.clientSecretFile, flags.privateKeyFile].filter((x) => x !== undefined).length;
  if (given > 1) throw new UsageError('give one of --client-secret-file and --private-key-file');
  const credential: Pick<OAuthClientCredentials, 'clientSecret' | 'privateKey'> =
    flags.privateKeyFile !== undefined
      ? {
          privateKey: {
            key: readSecretFile(flags.privateKeyFile, '--private-key-file'),
            ...(flags.keyId !== undefined ? { keyId: flags.keyId } : {}),
            ...(flags.keyAlgorithm !== undefined ? { algorithm: flags.keyAlgorithm } : {}),
          },
        }
      : flags.clientSecretFile !== undefined
        ? { clientSecret: readSecretFile(flags.clientSecretFile, '--client-secret-file') }
        : envSecret
          ? { clientSecret: envSecret }
          : {};
  if (Object.keys(credential).length === 0) throw new UsageError('missing the client credential: give --client-secret-file <file> or --private-key-file <file>, or set CANTON_RX_CLIENT_SECRET');
  const retry: RetryBackoffConfig = { ...(flags.retries !== undefined ? { maxRetries: flags.retries } : {}), ...(flags.retryMaxDelay !== undefined ? { maxDelayMs: flags.retryMaxDelay } : {}) };
  const config: OAuthClientCredentials = {
    ...(flags.oauthIssuer !== undefined ? { issuer: flags.oauthIssuer } : { tokenUrl: flags.oauthTokenUrl! }),
    clientId: flags.clientId,
    ...credential,
    ...(flags.audience !== undefined ? { audience: flags.audience } : {}),
    ...(flags.audienceParameter !== undefined ? { audienceParameter: flags.audienceParameter } : {}),
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    ...(flags.oauthRefreshBefore !== undefined ? { refreshBeforeMs: flags.oauthRefreshBefore } : {}),
    retry,
  };
  const checked = checkOAuthConfig(config);
  if (E.isLeft(checked)) throw new UsageError(`${checked.left.message}: ${checked.left.issues.map((i) => `${flagOf(i.path)} ${i.message}`).join('; ')}`);
  return oauthTokenSource(config);
};
