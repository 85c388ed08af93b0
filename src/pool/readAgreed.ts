import { asyncScheduler, Observable, Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, ScanAnswer } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import { formatError } from '../errors/formatError.js';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import type { Agreement, Call } from '../client/createTransport.js';
import { handOver, type UnparsedAnswer } from '../http/request.js';
import type { HttpResponse } from '../http/types.js';
import { bestKey } from './agreeOnAnswers.js';
import { agreeOnPages, type ItemRules, type PageAnswer } from './agreeOnPages.js';
import { canonicalJson } from './canonicalJson.js';
import { sameBytes } from './sameBytes.js';
import type { Exclusions } from './Exclusions.js';
import type { HostLimiter } from './HostLimiter.js';
import type { ScanHealth } from './ScanHealth.js';
import type { ScanAsk, ScanPoolEvent, ScanThreshold } from './types.js';
import { pointerSegments } from './withoutPointers.js';

type Result = E.Either<CantonError, HttpResponse>;

/** What one read of a pool works with: the pool's state and how to reach one Scan. @internal */
export interface PoolContext {
  readonly threshold: ScanThreshold;
  readonly ask: ScanAsk;
  readonly random: () => number;
  readonly limiter: HostLimiter;
  readonly health: ScanHealth;
  readonly exclusions: Exclusions;
  readonly onEvent: (e: ScanPoolEvent) => void;
  /** Sends the call to one Scan; a 2xx answer comes unparsed. */
  readonly send: (scan: string, call: Call) => Observable<E.Either<CantonError, UnparsedAnswer>>;
}

/** f = floor((n − 1) / 3) and the number of equal answers a read needs. @internal */
export const neededAnswers = (threshold: ScanThreshold, n: number): { readonly f: number; readonly needed: number } => {
  const f = Math.floor((n - 1) / 3);
  const needed = threshold === 'f+1' ? f + 1 : threshold === '2f+1' ? 2 * f + 1 : threshold;
  return { f, needed };
};

const hostOf = (url: string): string => new URL(url).host;

/** How many times a read asks a Scan again after it answered 429. @internal */
export const MAX_ASKS_AFTER_429 = 3;

const cut = (s: string, n = 160): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The key of a failure that may agree with others (the same HTTP status and body), or undefined for one that never does. */
const errorKey = (e: CantonError): string | undefined => {
  if (isRetryableRead(e)) return undefined;
  if (e._tag === 'HttpError') return `error ${e.status} ${canonicalJson(e.body)}`;
  if (e._tag === 'ScanDisagreement') return undefined;
  const { method: _m, url: _u, cause: _c, ...rest } = e as CantonError & { url?: string; method?: string; cause?: unknown };
  return `error ${canonicalJson(rest)}`;
};

const rulesCache = new WeakMap<object, ItemRules>();
const rulesOf = (a: Exclude<Agreement, 'whole'>): ItemRules => {
  let r = rulesCache.get(a);
  if (r === undefined) {
    r = { id: a.id, ignore: a.ignore.map(pointerSegments) };
    rulesCache.set(a, r);
  }
  return r;
};

interface Answer {
  readonly scan: string;
  readonly result: E.Either<CantonError, UnparsedAnswer>;
  readonly errorKey: string | undefined;
}

/** Answers sent byte for byte alike (the same status and body): compared without being decoded or parsed. */
interface Same {
  readonly first: UnparsedAnswer;
  readonly scans: string[];
}

const sameGroups = (answers: ReadonlyArray<Answer>): Same[] => {
  const groups: Same[] = [];
  for (const a of answers) {
    if (E.isLeft(a.result)) continue;
    const r = a.result.right;
    const g = groups.find((x) => x.first.status === r.status && sameBytes(x.first.bytes, r.bytes));
    if (g === undefined) groups.push({ first: r, scans: [a.scan] });
    else g.scans.push(a.scan);
  }
  return groups;
};

/**
 * One read of a pool (see `createPoolTransport`): asks threshold + f Scans (or `threshold` in the
 * cheaper mode), more when they fail or disagree, each at most once, and answers with what
 * `threshold` of them agree on. Answers are compared before they are parsed: equal bodies agree
 * by their bytes, and only the answer delivered is decoded and parsed, unless bodies differ.
 * @internal
 */
export const readAgreed = (ctx: PoolContext, scans: ReadonlyArray<string>, call: Call, agreement: Agreement): Observable<Result> =>
  new Observable<Result>((subscriber) => {
    const { f, needed } = neededAnswers(ctx.threshold, scans.length);
    // Exclusion needs 2f + 1 Scans against a Scan: f + 1 colluders cannot make it up alone.
    const evidence = 2 * f + 1;
    const startedAt = asyncScheduler.now();
    const candidates = ctx.health.order(
      scans.filter((s) => !ctx.exclusions.excluded(s, startedAt)),
      ctx.random,
      (s) => ctx.limiter.ready(hostOf(s)),
    );
    const history = agreement === 'whole' ? undefined : agreement;
    const answers: Answer[] = [];
    const parsed = new Map<UnparsedAnswer, Result>();
    const parsedOf = (a: UnparsedAnswer): Result => {
      let r = parsed.get(a);
      if (r === undefined) {
        r = a.parse();
        parsed.set(a, r);
      }
      return r;
    };
    const requests = new Subscription();
    const handing = new Subscription();
    let asked = 0;
    let pending = 0;
    let sent = 0;
    let done = false;

    const finishWith = (answer: UnparsedAnswer) => {
      done = true;
      requests.unsubscribe();
      handing.add(handOver({ ...answer, parse: () => parsedOf(answer) }, call).subscribe(subscriber));
    };
    const fail = (error: CantonError) => {
      done = true;
      requests.unsubscribe();
      subscriber.next(E.left(error));
      subscriber.complete();
    };

    const said = (a: Answer): ScanAnswer['said'] => (E.isLeft(a.result) ? formatError(a.result.left) : cut(`${a.result.right.status === 200 ? '' : `${a.result.right.status} `}${a.result.right.text()}`));
    const noAgreement = (reason: 'disagreement' | 'unavailable') =>
      fail({
        _tag: 'ScanDisagreement',
        reason,
        method: call.method,
        path: call.path,
        needed,
        answers: answers.map((a) => ({ scan: a.scan, outcome: E.isLeft(a.result) ? 'error' : 'value', said: said(a) })),
      });

    const ask = () => {
      if (done || asked >= candidates.length) return;
      send(candidates[asked++]!);
    };

    // A 429 means "later", and the host limiter knows when: a rate-limited Scan that the read
    // cannot do without is asked again (its request waits for a token), a few times at most.
    const limitedAgain = new Map<string, number>();
    const askLimitedAgain = () => {
      const i = answers.findIndex((a) => E.isLeft(a.result) && a.result.left._tag === 'HttpError' && a.result.left.status === 429 && (limitedAgain.get(a.scan) ?? 0) < MAX_ASKS_AFTER_429);
      if (i < 0) return;
      const [limited] = answers.splice(i, 1);
      limitedAgain.set(limited!.scan, (limitedAgain.get(limited!.scan) ?? 0) + 1);
      send(limited!.scan);
    };

    const send = (scan: string) => {
      pending++;
      let answered = false;
      let sentAt: number | undefined;
      requests.add(
        ctx.limiter
          .run(hostOf(scan), ctx.send(scan, call), () => {
            sentAt = asyncScheduler.now();
            sent++;
          })
          .subscribe({
            next: (result) => {
              answered = true;
              const latency = sentAt === undefined ? undefined : asyncScheduler.now() - sentAt;
              if (E.isLeft(result) && isRetryableRead(result.left)) ctx.health.failed(scan, formatError(result.left), latency);
              else ctx.health.answered(scan, latency);
              answers.push({ scan, result, errorKey: E.isLeft(result) ? errorKey(result.left) : undefined });
            },
            error: (e: unknown) => subscriber.error(e),
            complete: () => {
              pending--;
              if (sentAt !== undefined) sent--;
              if (!answered) answers.push({ scan, result: E.left(invalidRequest('the Scan gave no answer')), errorKey: undefined });
              decide();
            },
          }),
      );
    };

    /** Single-shot reads: the first answer `needed` Scans gave, compared by its bytes, then (only where those differ) by its canonical JSON. */
    const decideWhole = (live: ReadonlyArray<Answer>) => {
      let groups = sameGroups(live).map((g) => ({ ...g, count: g.scans.length }));
      if (!groups.some((g) => g.count >= needed) && groups.length > 1) {
        const byCanonical = new Map<string, (typeof groups)[number]>();
        for (const g of groups) {
          const p = parsedOf(g.first);
          const key = E.isLeft(p) ? `invalid ${g.first.text()}` : `${p.right.status} ${p.right.body._tag === 'Json' ? canonicalJson(p.right.body.json) : p.right.body._tag === 'Text' ? JSON.stringify(p.right.body.text) : ''}`;
          const same = byCanonical.get(key);
          if (same === undefined) byCanonical.set(key, { ...g, scans: [...g.scans] });
          else {
            same.scans.push(...g.scans);
            same.count += g.count;
          }
        }
        groups = [...byCanonical.values()];
      }
      const value = groups.reduce<(typeof groups)[number] | undefined>((a, g) => (a === undefined || g.count > a.count ? g : a), undefined);
      const error = bestKey(live.map((a) => a.errorKey));
      if (value !== undefined && value.count >= needed) {
        for (const a of live) if ((E.isRight(a.result) && !value.scans.includes(a.scan)) || a.errorKey !== undefined) ctx.onEvent({ type: 'disagreed', scan: a.scan, path: call.path });
        finishWith(value.first);
        return;
      }
      if (error !== undefined && error.count >= needed) {
        for (const a of live) if (E.isRight(a.result) || (a.errorKey !== undefined && a.errorKey !== error.key)) ctx.onEvent({ type: 'disagreed', scan: a.scan, path: call.path });
        fail((live.find((a) => a.errorKey === error.key)!.result as E.Left<CantonError>).left);
        return;
      }
      // Ask more while the answers in flight could not bring any answer to the threshold, and
      // one more when every answer is in and none reached it.
      const best = Math.max(value?.count ?? 0, error?.count ?? 0);
      while (best + pending < needed && asked < candidates.length) ask();
      if (pending === 0 && asked < candidates.length) ask();
      if (pending === 0 && !done) askLimitedAgain();
      if (pending === 0 && !done) {
        // Too few answers that could count is unavailability (retryable); enough that differ is disagreement.
        const counted = live.filter((a) => E.isRight(a.result) || a.errorKey !== undefined).length;
        noAgreement(counted >= needed ? 'disagreement' : 'unavailable');
      }
    };

    /**
     * History pages: every request sent is waited for (a liar among them must be seen); the page
     * is the longest prefix `needed` Scans serve alike. A conflict (an update id served with other
     * contents) asks the Scans not asked yet, for the evidence that excludes a liar.
     */
    const decideHistory = (live: ReadonlyArray<Answer>, page: Exclude<Agreement, 'whole'>) => {
      if (sent > 0) return;
      const error = bestKey(live.map((a) => a.errorKey));
      if (error !== undefined && error.count >= needed) {
        fail((live.find((a) => a.errorKey === error.key)!.result as E.Left<CantonError>).left);
        return;
      }
      const pages: Array<PageAnswer & { readonly first: UnparsedAnswer }> = [];
      for (const g of sameGroups(live)) {
        const p = parsedOf(g.first);
        const items = E.isRight(p) && p.right.body._tag === 'Json' ? (p.right.body.json as Record<string, unknown> | null)?.[page.items] : undefined;
        // A page that is not one (invalid JSON, no items array) counts as no answer.
        if (Array.isArray(items)) pages.push({ scans: g.scans, items, first: g.first });
      }
      const r = agreeOnPages(pages, needed, rulesOf(page));
      const unsettled = r.conflicts.some((c) => c.sides[0]!.length < evidence) || r.tie;
      const answered = pages.reduce((n, p) => n + p.scans.length, 0);
      // Done when the Scans agree, on everything any of them served (a page longer than the agreed
      // prefix may be a Scan ahead of a lagging one: another Scan can confirm it), with no
      // conflict the evidence has not settled. Requests still waiting for their host's rate
      // limit are then dropped: reads go to the Scans that answer.
      const satisfied = (r.length > 0 || r.end) && !unsettled && pages.every((p) => p.items.length <= r.length);
      if (!satisfied) {
        if (unsettled) while (asked < candidates.length) ask();
        else if (pending === 0) {
          ask();
          while (answered + pending < needed && asked < candidates.length) ask();
        }
        if (pending === 0 && !done) askLimitedAgain();
        if (pending > 0 || done) return;
      }

      for (const c of r.conflicts) {
        const [most, ...others] = c.sides;
        if (most!.length >= evidence) for (const scan of others.flat()) ctx.exclusions.exclude(scan, { path: call.path, updateId: c.updateId, against: most! });
        else ctx.onEvent({ type: 'conflict', path: call.path, updateId: c.updateId, sides: c.sides });
      }
      // The first `length` items of a page, parsed once: as it came when that is all of it.
      const deliver = (p: (typeof pages)[number], length: number) => {
        const whole = parsedOf(p.first) as E.Right<HttpResponse>;
        if (length === p.items.length) return finishWith(p.first);
        const json = whole.right.body._tag === 'Json' ? (whole.right.body.json as Record<string, unknown>) : {};
        const response: Result = E.right({ ...whole.right, body: { _tag: 'Json', json: { ...json, [page.items]: p.items.slice(0, length) } } });
        finishWith({ ...p.first, parse: () => response });
      };
      if (r.length > 0) return deliver(pages[r.page]!, r.length);
      if (r.tie) return noAgreement('disagreement');
      // Enough Scans sent a page and none goes further with `needed` Scans: where one of them has
      // nothing more (an honest Scan at its head) or the pages differ only in how far they go,
      // that is the end of history as the pool knows it, not a disagreement: a bounded read ends
      // there, exactly, and a tail asks again later. An update id served two ways where every
      // Scan still has more is a conflict that more answers may settle.
      const empty = pages.find((p) => p.items.length === 0);
      const conflictAtStart = r.conflicts.some((c) => c.position === 0);
      if (r.end || (answered >= needed && (!conflictAtStart || empty !== undefined))) return deliver(empty ?? pages[0]!, 0);
      if (conflictAtStart && !answers.some((a) => E.isLeft(a.result))) {
        noAgreement('disagreement');
        return;
      }
      noAgreement('unavailable');
    };

    const decide = () => {
      if (done) return;
      const now = asyncScheduler.now();
      // A Scan excluded while this read was in flight no longer counts.
      const live = answers.filter((a) => !ctx.exclusions.excluded(a.scan, now));
      if (history === undefined) decideWhole(live);
      else decideHistory(live, history);
    };

    if (needed > scans.length) {
      fail(invalidRequest(`the threshold needs ${needed} equal answers but the pool knows ${scans.length} Scans`, [{ path: 'scan.threshold', message: `more than the ${scans.length} Scans known` }]));
      return;
    }
    const first = Math.min(candidates.length, ctx.ask === 'threshold' ? needed : needed + f);
    while (!done && asked < first) ask();
    decide();
    return () => {
      requests.unsubscribe();
      handing.unsubscribe();
    };
  });
