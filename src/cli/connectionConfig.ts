import type { ClientConfig } from '../clientFactory/ClientConfig.js';
import * as E from 'fp-ts/lib/Either.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import type { ScanLimits, ScanPoolEvent } from '../pool/types.js';
import { oauthToken, type OAuthFlags } from './oauthToken.js';
import { readToken } from './readToken.js';
import { UsageError } from './UsageError.js';

/**
 * The connection flags every command takes (commander's camel-cased option names).
 * @category CLI
 * @since 0.3.0
 */
export interface ConnectionFlags extends OAuthFlags {
  readonly scanUrl?: string;
  readonly scanUrls?: string;
  readonly discover?: string;
  readonly ledgerUrl?: string;
  readonly validatorUrl?: string;
  readonly registryUrl?: string;
  readonly tokenFile?: string;
  readonly timeout?: number;
  readonly rate?: number;
  readonly concurrency?: number;
  readonly retries?: number;
  readonly retryMaxDelay?: number;
  /** `--metrics-port`: a Prometheus endpoint for the streaming commands (see serveMetrics). */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
}

/** The API groups a command can need. */
export type GroupName = 'scan' | 'ledger' | 'validator' | 'registry';

const list = (s: string | undefined): string[] | undefined => {
  const items = s?.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
  return items !== undefined && items.length > 0 ? items : undefined;
};

/** The token of the ledger and validator groups: OAuth's when its flags are given, else `--token-file` or `CANTON_RX_TOKEN`. */
const signIn = (flags: ConnectionFlags, env: Readonly<Record<string, string | undefined>>) => {
  const oauth = oauthToken(flags, env);
  if (oauth !== undefined && flags.tokenFile !== undefined) throw new UsageError('give one of --token-file and the OAuth flags (--oauth-issuer, --oauth-token-url)');
  return oauth ?? readToken(flags.tokenFile, env);
};

/**
 * A URL the client would refuse is bad usage, said before anything is sent (`--scan-url is not
 * a valid absolute URL`), in the library's words but without quoting it (it may hold a password).
 */
const checked = (url: string, where: string): string => {
  const parsed = parseBaseUrl(url);
  if (E.isLeft(parsed)) throw new UsageError(`${where} ${parsed.left.issues.map((i) => i.message).join(' and ')}`);
  return url;
};
const checkedList = (urls: string[], flag: string): string[] => urls.map((u, i) => checked(u, urls.length === 1 ? flag : `${flag} (URL ${i + 1} of ${urls.length})`));

/**
 * Builds the client configuration of the groups a command needs from its flags, falling back to
 * `CANTON_RX_SCAN_URL`, `CANTON_RX_LEDGER_URL`, `CANTON_RX_VALIDATOR_URL`, `CANTON_RX_REGISTRY_URL` (a flag wins over the
 * environment). A missing URL is a {@link UsageError} naming both the flag and the variable.
 * The token (OAuth client credentials, `--token-file` or `CANTON_RX_TOKEN`) goes to the ledger and validator groups only:
 * Scan is public, and a token sent there would reach every Scan of a pool.
 * `--scan-urls a,b,c` or `--discover seed` make a Scan pool; `--rate` and `--concurrency` are the
 * pool's per-host limits, so with them a single `--scan-url` is read as a pool of one; a pool
 * tells `onPoolEvent` of liars, unhealthy Scans and rate cuts. A URL the client would refuse
 * (not absolute, user info, a query) is a {@link UsageError} too.
 * @example
 * ```ts
 * const config = connectionConfig({ scanUrl: 'http://127.0.0.1:5012/api/scan' }, process.env, ['scan']);
 * const client = createClient(config);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const connectionConfig = (
  flags: ConnectionFlags,
  env: Readonly<Record<string, string | undefined>>,
  need: ReadonlyArray<GroupName>,
  onPoolEvent?: (event: ScanPoolEvent) => void,
): ClientConfig => {
  const config: { -readonly [K in keyof ClientConfig]: ClientConfig[K] } = {};
  if (flags.timeout !== undefined) config.timeoutMs = flags.timeout;
  const token = need.some((g) => g === 'ledger' || g === 'validator') ? signIn(flags, env) : undefined;

  if (need.includes('scan')) {
    const urls = list(flags.scanUrls);
    const seeds = list(flags.discover);
    const single = flags.scanUrl ?? (urls === undefined && seeds === undefined ? env['CANTON_RX_SCAN_URL'] : undefined);
    const given = [single, urls, seeds].filter((x) => x !== undefined).length;
    if (given === 0)
      throw new UsageError('missing the Scan URL: give --scan-url <url> (or a pool: --scan-urls <url,url,...> or --discover <seed-url>), or set CANTON_RX_SCAN_URL');
    if (given > 1) throw new UsageError('give one of --scan-url, --scan-urls and --discover');
    const limits: { -readonly [K in keyof ScanLimits]: ScanLimits[K] } = {};
    if (flags.rate !== undefined) limits.ratePerSecond = flags.rate;
    if (flags.concurrency !== undefined) limits.concurrency = flags.concurrency;
    const limited = Object.keys(limits).length > 0;
    const pooled = { ...(limited ? { limits } : {}), ...(onPoolEvent === undefined ? {} : { onEvent: onPoolEvent }) };
    if (urls !== undefined) config.scan = { urls: checkedList(urls, '--scan-urls'), ...pooled };
    else if (seeds !== undefined) config.scan = { discover: checkedList(seeds, '--discover'), ...pooled };
    else if (limited) config.scan = { urls: [checked(single!, flags.scanUrl === undefined ? 'CANTON_RX_SCAN_URL' : '--scan-url')], ...pooled };
    else config.scan = { url: checked(single!, flags.scanUrl === undefined ? 'CANTON_RX_SCAN_URL' : '--scan-url') };
  }
  if (need.includes('ledger')) {
    const url = flags.ledgerUrl ?? env['CANTON_RX_LEDGER_URL'];
    if (url === undefined || url.length === 0) throw new UsageError('missing the ledger URL: give --ledger-url <url> or set CANTON_RX_LEDGER_URL');
    checked(url, flags.ledgerUrl === undefined ? 'CANTON_RX_LEDGER_URL' : '--ledger-url');
    config.ledger = token === undefined ? { url } : { url, token };
  }
  if (need.includes('validator')) {
    const url = flags.validatorUrl ?? env['CANTON_RX_VALIDATOR_URL'];
    if (url === undefined || url.length === 0) throw new UsageError('missing the validator URL: give --validator-url <url> or set CANTON_RX_VALIDATOR_URL');
    checked(url, flags.validatorUrl === undefined ? 'CANTON_RX_VALIDATOR_URL' : '--validator-url');
    config.validator = token === undefined ? { url } : { url, token };
  }
  if (need.includes('registry')) {
    const url = flags.registryUrl ?? env['CANTON_RX_REGISTRY_URL'];
    // Without one, the client's default: the Scan host's root (Amulet's registry).
    const scan = flags.scanUrl ?? env['CANTON_RX_SCAN_URL'];
    if (url !== undefined && url.length > 0) config.registry = { url: checked(url, flags.registryUrl === undefined ? 'CANTON_RX_REGISTRY_URL' : '--registry-url') };
    else if (scan !== undefined && scan.length > 0) config.scan = { url: checked(scan, flags.scanUrl === undefined ? 'CANTON_RX_SCAN_URL' : '--scan-url') };
    else throw new UsageError("missing the registry URL: give --registry-url <url> (the registry's root) or --scan-url <url> (Amulet's registry, at the Scan host), or set CANTON_RX_REGISTRY_URL");
  }
  return config;
};
