import { asyncScheduler, defer, map, Observable, of, share, switchMap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import type { Agreement, Call, Transport } from '../client/createTransport.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { ListDsoScansResponse } from '../codecs/scan/ListDsoScansResponse.js';
import { listDsoScans } from '../generated/scan/ops/listDsoScans.js';
import { scanAgreements } from '../generated/scan/scanAgreements.js';
import { scanBasePath } from '../generated/scan/scanBasePath.js';
import { requestUnparsed } from '../http/request.js';
import type { Fetch, RequestObserver } from '../http/types.js';
import type { Telemetry } from '../telemetry/createTelemetry.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import { Checks } from '../validation/checks.js';
import { Exclusions } from './Exclusions.js';
import { HostLimiter } from './HostLimiter.js';
import { readAgreed, type PoolContext } from './readAgreed.js';
import { ScanHealth } from './ScanHealth.js';
import type { ScanPoolConfig, ScanPoolEvent } from './types.js';

export { neededAnswers } from './readAgreed.js';

/** Splice's `DefaultScansRefreshInterval`. @internal */
export const DEFAULT_REFRESH_MS = 600_000;

/** How the answers to a call are compared: its descriptor's agreement, else the whole answer. @internal */
export const agreementOf = (call: Call): Agreement => {
  if (call.agreement !== undefined) return call.agreement;
  // A call built with `send`, not `invokeOperation`, carries no descriptor: its route's (the descriptor decides either way, never the path).
  const route = `${call.method} ${call.path}`;
  return Object.prototype.hasOwnProperty.call(scanAgreements, route) ? scanAgreements[route]! : 'whole';
};

const normalizeScanUrl = (publicUrl: string): string => {
  const u = publicUrl.replace(/\/+$/, '');
  return u.endsWith(scanBasePath) ? u : `${u}${scanBasePath}`;
};

/** The Scans of the synchronizer discovery keeps (see `ScanPoolConfig.synchronizerId`). @internal */
export const scansOfSynchronizer = (listing: ListDsoScansResponse, synchronizerId: string | undefined): string[] => {
  const domains = listing.scans;
  const chosen =
    synchronizerId !== undefined
      ? domains.find((d) => d.domainId === synchronizerId)
      : (domains.find((d) => d.domainId.startsWith('global-domain::')) ?? [...domains].sort((a, b) => b.scans.length - a.scans.length)[0]);
  return [...new Set((chosen?.scans ?? []).map((s) => normalizeScanUrl(s.publicUrl)))];
};

const checkConfig = (config: ScanPoolConfig): RequestIssue[] => {
  const checks = new Checks();
  const hasUrls = config.urls !== undefined;
  const hasSeeds = config.discover !== undefined;
  checks.check(hasUrls !== hasSeeds, 'scan', 'give either urls or discover');
  const urls = hasUrls ? config.urls : typeof config.discover === 'string' ? [config.discover] : config.discover;
  const at = hasUrls ? 'scan.urls' : 'scan.discover';
  if (urls !== undefined) {
    checks.check(Array.isArray(urls) && urls.length > 0, at, 'must list at least one Scan');
    if (Array.isArray(urls)) {
      urls.forEach((u, i) => {
        const parsed = typeof u === 'string' ? parseBaseUrl(u) : E.left(invalidRequest('is not a string'));
        checks.check(E.isRight(parsed), `${at}.${i}`, E.isLeft(parsed) ? parsed.left.issues.map((i) => i.message).join(' and ') || parsed.left.message : '');
      });
    }
  }
  const t = config.threshold;
  if (t !== undefined) checks.check(t === 'f+1' || t === '2f+1' || (Number.isSafeInteger(t) && (t as number) >= 1), 'scan.threshold', "must be 'f+1', '2f+1' or a whole number ≥ 1");
  if (config.ask !== undefined) checks.check(config.ask === 'threshold+f' || config.ask === 'threshold', 'scan.ask', "must be 'threshold+f' or 'threshold'");
  if (config.refreshMs !== undefined) checks.duration(config.refreshMs, 'scan.refreshMs');
  if (config.exclusionMs !== undefined) checks.duration(config.exclusionMs, 'scan.exclusionMs');
  const l = config.limits ?? {};
  if (l.concurrency !== undefined) checks.positiveInt(l.concurrency, 'scan.limits.concurrency');
  if (l.ratePerSecond !== undefined) checks.check(typeof l.ratePerSecond === 'number' && l.ratePerSecond > 0, 'scan.limits.ratePerSecond', 'must be a number above 0');
  if (l.burst !== undefined) checks.check(typeof l.burst === 'number' && l.burst >= 1, 'scan.limits.burst', 'must be a number ≥ 1');
  if (l.recoverMs !== undefined) checks.duration(l.recoverMs, 'scan.limits.recoverMs');
  const r = checks.result('scan pool', config);
  return E.isLeft(r) ? [...r.left.issues] : [];
};

/**
 * The transport of a Scan pool (see docs/scans.md): each call goes to threshold + f Scans (2f + 1
 * for `'f+1'`; `threshold` first in the cheaper mode, `ask: 'threshold'`) chosen at random among
 * the healthy, fast and not rate-limited ones first, through per-host limits, and its answer is
 * the one `threshold` Scans gave ({@link readAgreed}). How answers compare is the operation
 * descriptor's `agreement`: whole answers by their bytes (their canonical JSON only where bytes
 * differ), history pages (`/v1/updates`, `/v2/updates`) item by item, the descriptor's ignored
 * pointers (an item's own `offset`) left out. A Scan caught lying by 2f + 1 others is left out for
 * a while; when agreement is out of reach the answer is a `ScanDisagreement` Left naming what
 * each Scan said. Each Scan is asked once per call (one that answered 429 at most 3 more times,
 * after its limiter's wait, when the call needs it), so a pool of unavailable Scans is a Left,
 * never a loop.
 * @internal
 */
export const createPoolTransport = (
  config: ScanPoolConfig,
  shared: { fetch: Fetch; timeoutMs: number; maxResponseBytes?: number; configIssues?: ReadonlyArray<RequestIssue>; telemetry?: Telemetry },
): Transport => {
  const issues = [...(shared.configIssues ?? []), ...checkConfig(config)];
  if (issues.length > 0) {
    const text = issues.map((i) => `${i.path} ${i.message}`).join('; ');
    const invalid = E.left(invalidRequest(`invalid client configuration: ${text}`, issues));
    return () => of(invalid);
  }
  const onEvent = (e: ScanPoolEvent) => config.onEvent?.(e);
  const ctx: PoolContext = {
    threshold: config.threshold ?? 'f+1',
    ask: config.ask ?? 'threshold+f',
    random: config.random ?? Math.random,
    limiter: new HostLimiter(config.limits ?? {}, onEvent),
    health: new ScanHealth(onEvent),
    exclusions: new Exclusions(onEvent, config.exclusionMs),
    onEvent,
    send: (scan, { agreement: _a, onOkBytes: _b, ...call }) => {
      const send = (observer?: RequestObserver) =>
        requestUnparsed({
          ...call,
          baseUrl: scan,
          fetch: shared.fetch,
          timeoutMs: shared.timeoutMs,
          ...(shared.maxResponseBytes !== undefined ? { maxResponseBytes: shared.maxResponseBytes } : {}),
          ...(config.token !== undefined ? { token: config.token } : {}),
          ...(observer !== undefined ? { observer } : {}),
        });
      // A span for each Scan asked, as a single Scan's transport has for each request.
      const { telemetry } = shared;
      return telemetry === undefined ? send() : telemetry.request({ method: call.method, path: call.path, group: 'scan', server: scan, ...(call.operationId !== undefined ? { operationId: call.operationId } : {}) }, send, undefined);
    },
  };
  const agreedRead = (scans: ReadonlyArray<string>, call: Call) => readAgreed(ctx, scans, call, agreementOf(call));

  if (config.urls !== undefined) {
    const urls = [...new Set(config.urls)];
    return (call) => defer(() => agreedRead(urls, call));
  }

  // Discovery: the seeds first, then the Scans they list, asked again every refreshMs and after
  // a read that found too few Scans available.
  const seeds = typeof config.discover === 'string' ? [config.discover] : [...(config.discover ?? [])];
  const refreshMs = config.refreshMs ?? DEFAULT_REFRESH_MS;
  let known: string[] | undefined;
  let refreshedAt = 0;
  let stale = false;
  let refreshing: Observable<E.Either<CantonError, string[]>> | undefined;
  const listing = (scans: ReadonlyArray<string>) => invokeOperation((call) => agreedRead(scans, call), listDsoScans, []);
  const refresh = (): Observable<E.Either<CantonError, string[]>> => {
    // When none of the Scans known can list the Scans any more (all of them gone), the seeds are
    // asked again: without that, the pool would keep a list of dead Scans for good.
    const fromKnown = known;
    refreshing ??= (fromKnown === undefined ? listing(seeds) : listing(fromKnown).pipe(switchMap((r) => (E.isLeft(r) ? listing(seeds) : of(r))))).pipe(
      map((r): E.Either<CantonError, string[]> => {
        refreshing = undefined;
        if (E.isLeft(r)) return known !== undefined ? E.right(known) : r;
        const urls = scansOfSynchronizer(r.right, config.synchronizerId);
        if (urls.length === 0) {
          if (known !== undefined) return E.right(known);
          return E.left(invalidRequest('discovery found no Scan of the decentralized synchronizer', [{ path: 'scan.discover', message: 'GET /v0/scans listed none' }]));
        }
        const before = new Set(known ?? []);
        const added = urls.filter((u) => !before.has(u));
        const removed = [...before].filter((u) => !urls.includes(u));
        if (known === undefined || added.length > 0 || removed.length > 0) onEvent({ type: 'discovered', scans: urls, added, removed });
        known = urls;
        refreshedAt = asyncScheduler.now();
        stale = false;
        return E.right(urls);
      }),
      share(),
    );
    return refreshing;
  };
  const members = (): Observable<E.Either<CantonError, string[]>> =>
    known === undefined || stale || asyncScheduler.now() - refreshedAt >= refreshMs ? refresh() : of(E.right(known));
  return (call) =>
    defer(members).pipe(
      switchMap((m) => (E.isLeft(m) ? of(m) : agreedRead(m.right, call))),
      map((r) => {
        if (E.isLeft(r) && r.left._tag === 'ScanDisagreement' && r.left.reason === 'unavailable') stale = true;
        return r;
      }),
    );
};
