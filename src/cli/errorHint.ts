import type { CantonError } from '../errors/CantonError.js';
import type { SinkError } from '../checkpoints/SinkError.js';
import type { FeedError } from '../operators/mergeFeeds.js';

/** The connection flags a hint reads: where Scan is, and how a token was given. */
export interface ErrorHintFlags {
  readonly scanUrl?: string;
  readonly scanUrls?: string;
  readonly tokenFile?: string;
  readonly oauthIssuer?: string;
  readonly oauthTokenUrl?: string;
  /** A snapshot command's `--match`. */
  readonly match?: string;
}

const origin = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * What to do about an error that ends a command, for its error line (`errorFields`' `hint`): a
 * snapshot asked for with `--match exact` that Scan does not have (try `--match at_or_before`);
 * or a refused sign-in (401, 403): a Scan URL
 * that does not end in `/api/scan` (Scan then answers with a 401 of its front end's, "missing a
 * (valid) JWT token", though Scan's reads need none), or no token given at all (name where one
 * comes from). `undefined` for any other error, or when neither applies. Never holds a token.
 * @example
 * ```ts
 * errorHint(error, { scanUrl: 'https://scan.example.com' }, process.env); // 'Scan URLs end in /api/scan: ...'
 * ```
 * @category CLI
 * @since 0.1.0
 */
export const errorHint = (error: CantonError | SinkError | FeedError, flags: ErrorHintFlags, env: Readonly<Record<string, string | undefined>>): string | undefined => {
  const e = 'source' in error && 'error' in error ? error.error : error;
  if (e._tag === 'HttpError' && e.condition === 'SnapshotNotFound' && flags.match === 'exact') return 'no snapshot at exactly --record-time: --match at_or_before takes the last one up to it';
  if (e._tag !== 'HttpError' || (e.status !== 401 && e.status !== 403)) return undefined;
  const scans = (flags.scanUrls ?? flags.scanUrl ?? env['CANTON_RX_SCAN_URLS'] ?? env['CANTON_RX_SCAN_URL'] ?? '').split(',').map((u) => u.trim()).filter((u) => u !== '');
  const bare = scans.find((u) => !/\/api\/scan\/?$/.test(u) && origin(u) !== undefined && e.url.startsWith(origin(u)!));
  if (bare !== undefined) return `Scan URLs end in /api/scan (${bare.replace(/\/+$/, '')}/api/scan?): ${bare} does not, and what answers there asks for a token Scan's reads do not need`;
  const tokenGiven = flags.tokenFile !== undefined || flags.oauthIssuer !== undefined || flags.oauthTokenUrl !== undefined || (env['CANTON_RX_TOKEN'] ?? '').trim() !== '';
  if (!tokenGiven) return 'no token was given: pass --token-file FILE (or set CANTON_RX_TOKEN, or give the OAuth flags)';
  return undefined;
};
