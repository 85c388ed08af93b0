import { asyncScheduler, defer, map, Observable, of, share, Subscription, switchMap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, RequestIssue, ScanAnswer } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { formatError } from '../errors/formatError.js';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import { createTransport, type Agreement, type Call, type Transport } from '../client/createTransport.js';
import { invokeOperation, type OperationDescriptor } from '../client/invokeOperation.js';
import type { ListDsoScansResponse } from '../codecs/scan/ListDsoScansResponse.js';
import { scanOperations } from '../generated/scan/operations.js';
import type { Fetch, HttpResponse } from '../http/types.js';
import { parseBaseUrl } from '../http/parseBaseUrl.js';
import { Checks } from '../validation/checks.js';
import { agreeOnAnswers, bestKey } from './agreeOnAnswers.js';
import { agreeOnPages, type PageAnswer } from './agreeOnPages.js';
import { canonicalJson } from './canonicalJson.js';
import { HostLimiter } from './HostLimiter.js';
import { ScanHealth } from './ScanHealth.js';
import type { ScanPoolConfig, ScanPoolEvent, ScanThreshold } from './types.js';

/** Splice's `DefaultScansRefreshInterval`. @internal */
export const DEFAULT_REFRESH_MS = 600_000;

type HistoryPage = Exclude<Agreement, 'whole'>;

/**
 * The agreement of the Scan operations by route, for calls that do not carry their descriptor's
 * (built with `send`, not `invokeOperation`): the descriptor decides either way, never the path.
 */
const agreementByRoute: ReadonlyMap<string, Agreement> = new Map(
  Object.values(scanOperations as Record<string, OperationDescriptor>).flatMap((d) => (d.agreement !== undefined ? [[`${d.httpMethod} ${d.path}`, d.agreement] as const] : [])),
);

/** How the answers to a call are compared: its descriptor's agreement, else the whole answer. @internal */
export const agreementOf = (call: Call): Agreement => call.agreement ?? agreementByRoute.get(`${call.method} ${call.path}`) ?? 'whole';

type Result = E.Either<CantonError, HttpResponse>;

/** f = floor((n − 1) / 3) and the number of equal answers a read needs. @internal */
export const neededAnswers = (threshold: ScanThreshold, n: number): { readonly f: number; readonly needed: number } => {
  const f = Math.floor((n - 1) / 3);
  const needed = threshold === 'f+1' ? f + 1 : threshold === '2f+1' ? 2 * f + 1 : threshold;
  return { f, needed };
};

const hostOf = (url: string): string => new URL(url).host;

const cut = (s: string, n = 160): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const bodyKey = (r: HttpResponse): string =>
  `${r.status} ${r.body._tag === 'Json' ? canonicalJson(r.body.json) : r.body._tag === 'Text' ? JSON.stringify(r.body.text) : ''}`;

/** The key of a failure that may agree with others (the same HTTP status and body), or undefined for one that never does. */
const errorKey = (e: CantonError): string | undefined => {
  if (isRetryableRead(e)) return undefined;
  if (e._tag === 'HttpError') return `error ${e.status} ${canonicalJson(e.body)}`;
  if (e._tag === 'ScanDisagreement') return undefined;
  const { method: _m, url: _u, cause: _c, ...rest } = e as CantonError & { url?: string; method?: string; cause?: unknown };
  return `error ${canonicalJson(rest)}`;
};

const pageOf = (scan: string, r: HttpResponse, page: HistoryPage): PageAnswer | undefined => {
  if (r.body._tag !== 'Json') return undefined;
  const items = (r.body.json as Record<string, unknown> | null)?.[page.items];
  if (!Array.isArray(items)) return undefined;
  const ignore = new Set(page.ignore);
  return {
    scan,
    items: items.map((i: unknown) => ({ id: String((i as Record<string, unknown> | null)?.[page.id]), key: canonicalJson(i, ignore) })),
  };
};

const normalizeScanUrl = (publicUrl: string): string => {
  const u = publicUrl.replace(/\/+$/, '');
  return u.endsWith('/api/scan') ? u : `${u}/api/scan`;
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
  if (config.refreshMs !== undefined) checks.duration(config.refreshMs, 'scan.refreshMs');
  const l = config.limits ?? {};
  if (l.concurrency !== undefined) checks.positiveInt(l.concurrency, 'scan.limits.concurrency');
  if (l.ratePerSecond !== undefined) checks.check(typeof l.ratePerSecond === 'number' && l.ratePerSecond > 0, 'scan.limits.ratePerSecond', 'must be a number above 0');
  if (l.burst !== undefined) checks.check(typeof l.burst === 'number' && l.burst >= 1, 'scan.limits.burst', 'must be a number ≥ 1');
  if (l.recoverMs !== undefined) checks.duration(l.recoverMs, 'scan.limits.recoverMs');
  const r = checks.result('scan pool', config);
  return E.isLeft(r) ? [...r.left.issues] : [];
};

/**
 * The transport of a Scan pool (see docs/scans.md): each call goes to 2f + 1 (more precisely
 * threshold + f) Scans chosen at random, healthy ones first, through per-host limits, and its
 * answer is the one `threshold` Scans gave. How answers compare is the operation descriptor's
 * `agreement`: history pages (`/v1/updates`, `/v2/updates`) are compared item by item (update id
 * and canonical content, `offset` left out): the answer is the longest prefix enough Scans serve. A Scan that fails is replaced by another not yet asked; when
 * agreement is out of reach the answer is a `ScanDisagreement` Left naming what each Scan said.
 * Each Scan is asked at most once per call, so a pool of unavailable Scans is a Left, never a loop.
 * @internal
 */
export const createPoolTransport = (
  config: ScanPoolConfig,
  shared: { fetch: Fetch; timeoutMs: number; maxResponseBytes?: number; configIssues?: ReadonlyArray<RequestIssue> },
): Transport => {
  const issues = [...(shared.configIssues ?? []), ...checkConfig(config)];
  if (issues.length > 0) {
    const text = issues.map((i) => `${i.path} ${i.message}`).join('; ');
    const invalid = E.left(invalidRequest(`invalid client configuration: ${text}`, issues));
    return () => of(invalid);
  }
  const onEvent = (e: ScanPoolEvent) => config.onEvent?.(e);
  const random = config.random ?? Math.random;
  const threshold = config.threshold ?? 'f+1';
  const limiter = new HostLimiter(config.limits ?? {}, onEvent);
  const health = new ScanHealth(onEvent);
  const excluded = new Set<string>();
  const transports = new Map<string, Transport>();
  const transportOf = (url: string): Transport => {
    let t = transports.get(url);
    if (t === undefined) {
      t = createTransport('scan', { url, ...(config.token !== undefined ? { token: config.token } : {}) }, shared);
      transports.set(url, t);
    }
    return t;
  };

  const agreedRead = (scans: ReadonlyArray<string>, call: Call): Observable<Result> =>
    new Observable<Result>((subscriber) => {
      const { f, needed } = neededAnswers(threshold, scans.length);
      const candidates = health.order(
        scans.filter((s) => !excluded.has(s)),
        random,
      );
      const agreement = agreementOf(call);
      const history = agreement === 'whole' ? undefined : agreement;
      const answers: Array<{ scan: string; result: Result; key: string | undefined }> = [];
      const subs = new Subscription();
      let asked = 0;
      let inFlight = 0;
      let done = false;

      const finish = (r: Result) => {
        done = true;
        subscriber.next(r);
        subscriber.complete();
      };

      const said = (a: { result: Result }): ScanAnswer['said'] =>
        E.isLeft(a.result) ? formatError(a.result.left) : cut(a.result.right.body._tag === 'Json' ? canonicalJson(a.result.right.body.json) : bodyKey(a.result.right));

      const decide = () => {
        if (done) return;
        const keys = answers.map((a) => a.key);
        // History waits for every Scan asked, so that a Scan serving altered items is seen and
        // excluded even when others already agree (a slow Scan costs time, bounded by timeoutMs).
        if (history && inFlight === 0) {
          const pages = answers.flatMap((a) => (E.isRight(a.result) ? [pageOf(a.scan, a.result.right, history)] : [])).filter((p): p is PageAnswer => p !== undefined);
          const agreed = agreeOnPages(pages, needed);
          if (agreed !== undefined) {
            for (const l of agreed.liars) {
              excluded.add(l.scan);
              onEvent({ type: 'liar', scan: l.scan, path: call.path, updateId: l.updateId });
            }
            const source = answers.find((a) => a.scan === agreed.from)!.result as E.Right<HttpResponse>;
            const json = source.right.body._tag === 'Json' ? (source.right.body.json as Record<string, unknown[]>) : { [history.items]: [] };
            finish(E.right({ ...source.right, body: { _tag: 'Json', json: { ...json, [history.items]: json[history.items]!.slice(0, agreed.length) } } }));
            return;
          }
        }
        const agreed = agreeOnAnswers(
          history ? keys.map((k) => (k?.startsWith('error ') ? k : undefined)) : keys,
          needed,
        );
        if (agreed !== undefined) {
          for (const a of answers) if (a.key !== undefined && a.key !== agreed.key) onEvent({ type: 'disagreed', scan: a.scan, path: call.path });
          finish(answers.find((a) => a.key === agreed.key)!.result);
          return;
        }
        // Ask more while the answers in flight could not bring any answer to the threshold (pages
        // may agree on a prefix whatever their length: each counts as possibly agreeing), and one
        // more when every answer is in and none reached it.
        const best = history ? answers.filter((a) => E.isRight(a.result)).length : (bestKey(keys)?.count ?? 0);
        while (!done && best + inFlight < needed && asked < candidates.length) ask();
        if (!done && inFlight === 0 && asked < candidates.length) ask();
        if (inFlight === 0 && !done) {
          // Too few answers that could count is unavailability (retryable); enough that differ is disagreement.
          const counted = answers.filter((a) => a.key !== undefined).length;
          finish(
            E.left({
              _tag: 'ScanDisagreement',
              reason: counted >= needed ? 'disagreement' : 'unavailable',
              method: call.method,
              path: call.path,
              needed,
              answers: answers.map((a) => ({ scan: a.scan, outcome: E.isLeft(a.result) ? 'error' : 'value', said: said(a) })),
            }),
          );
        }
      };

      const ask = () => {
        if (done) return;
        const scan = candidates[asked++]!;
        inFlight++;
        let answered = false;
        subs.add(
          limiter.run(hostOf(scan), transportOf(scan)(call)).subscribe({
            next: (result) => {
              answered = true;
              const transient = E.isLeft(result) && isRetryableRead(result.left);
              if (transient) health.failed(scan, formatError(result.left));
              else health.answered(scan);
              answers.push({ scan, result, key: E.isRight(result) ? bodyKey(result.right) : errorKey(result.left) });
            },
            error: (e: unknown) => subscriber.error(e),
            complete: () => {
              inFlight--;
              if (!answered) answers.push({ scan, result: E.left(invalidRequest('the Scan gave no answer')), key: undefined });
              decide();
            },
          }),
        );
      };

      if (needed > scans.length) {
        finish(E.left(invalidRequest(`the threshold needs ${needed} equal answers but the pool knows ${scans.length} Scans`, [{ path: 'scan.threshold', message: `more than the ${scans.length} Scans known` }])));
        return;
      }
      const first = Math.min(candidates.length, needed + f);
      while (!done && asked < first) ask();
      decide();
      return () => subs.unsubscribe();
    });

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
  const listing = (scans: ReadonlyArray<string>) => invokeOperation((call) => agreedRead(scans, call), scanOperations.listDsoScans, []);
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
