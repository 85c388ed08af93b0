import { asyncScheduler, Observable, type Subscription } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { ScanLimits, ScanPoolEvent } from './types.js';

/** The defaults of {@link ScanLimits}. @internal */
export const LIMIT_DEFAULTS = { concurrency: 8, recoverMs: 60_000 } as const;

/** A rate is never cut below this many requests per second. */
const MIN_RATE = 0.5;

interface Job {
  start(): void;
}

interface HostState {
  active: number;
  readonly queue: Job[];
  tokens: number;
  refilledAt: number;
  /** Start times of the last second: the rate a host without a configured one was read at. */
  starts: number[];
  cut: { readonly rate: number; readonly at: number; readonly back: number } | undefined;
  wake: Subscription | undefined;
}

/**
 * Per-host concurrency and token-bucket rate limits of a Scan pool, adapting on 429: the rate is
 * halved (a host without a configured rate is cut to half the rate it was read at over the last
 * second), then grows back linearly over `recoverMs`. A request waits for a slot and a token in
 * virtual-time friendly timers (`asyncScheduler`); unsubscribing while it waits gives up its place.
 * @internal
 */
export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  private readonly concurrency: number;
  private readonly recoverMs: number;

  constructor(
    private readonly limits: ScanLimits,
    private readonly onEvent: (e: ScanPoolEvent) => void,
  ) {
    this.concurrency = limits.concurrency ?? LIMIT_DEFAULTS.concurrency;
    this.recoverMs = limits.recoverMs ?? LIMIT_DEFAULTS.recoverMs;
  }

  /** The request rate allowed to a host now (Infinity: unlimited). */
  rate(host: string, now = asyncScheduler.now()): number {
    const h = this.hosts.get(host);
    const configured = this.limits.ratePerSecond ?? Infinity;
    if (h?.cut === undefined) return configured;
    const elapsed = now - h.cut.at;
    if (elapsed >= this.recoverMs) {
      h.cut = undefined;
      return configured;
    }
    return h.cut.rate + ((h.cut.back - h.cut.rate) * elapsed) / this.recoverMs;
  }

  /** Whether a request to the host would start at once: nobody waiting, a free slot and a token. */
  ready(host: string, now = asyncScheduler.now()): boolean {
    const h = this.hosts.get(host);
    if (h === undefined) return true;
    if (h.queue.length > 0 || h.active >= this.concurrency) return false;
    const rate = this.rate(host, now);
    return !Number.isFinite(rate) || Math.min(this.burst(rate), h.tokens + ((now - h.refilledAt) / 1000) * rate) >= 1;
  }

  /** Runs `work` once the host has a free slot and a token; `onStart` is told when it starts. */
  run<A>(host: string, work: Observable<E.Either<CantonError, A>>, onStart?: () => void): Observable<E.Either<CantonError, A>> {
    return new Observable((subscriber) => {
      const h = this.state(host);
      let inner: Subscription | undefined;
      let holding = false;
      const release = () => {
        if (!holding) return;
        holding = false;
        h.active--;
        this.pump(host);
      };
      const job: Job = {
        start: () => {
          holding = true;
          onStart?.();
          inner = work.subscribe({
            next: (r) => {
              if (E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 429) this.tooMany(host);
              subscriber.next(r);
            },
            error: (e: unknown) => {
              release();
              subscriber.error(e);
            },
            complete: () => {
              release();
              subscriber.complete();
            },
          });
        },
      };
      h.queue.push(job);
      this.pump(host);
      return () => {
        const i = h.queue.indexOf(job);
        if (i >= 0) h.queue.splice(i, 1);
        if (h.queue.length === 0 && h.wake !== undefined) {
          h.wake.unsubscribe();
          h.wake = undefined;
        }
        inner?.unsubscribe();
        release();
      };
    });
  }

  private state(host: string): HostState {
    let h = this.hosts.get(host);
    if (h === undefined) {
      const rate = this.limits.ratePerSecond ?? Infinity;
      h = { active: 0, queue: [], tokens: this.burst(rate), refilledAt: asyncScheduler.now(), starts: [], cut: undefined, wake: undefined };
      this.hosts.set(host, h);
    }
    return h;
  }

  private burst(rate: number): number {
    return this.limits.burst ?? Math.max(1, Math.floor(Number.isFinite(rate) ? rate : 1));
  }

  private tooMany(host: string): void {
    const h = this.state(host);
    const now = asyncScheduler.now();
    const current = this.rate(host, now);
    h.starts = h.starts.filter((t) => now - t < 1000);
    const seen = Number.isFinite(current) ? current : Math.max(1, h.starts.length);
    const rate = Math.max(MIN_RATE, seen / 2);
    const configured = this.limits.ratePerSecond ?? Infinity;
    h.cut = { rate, at: now, back: Number.isFinite(configured) ? configured : seen };
    h.tokens = Math.min(h.tokens, 0);
    h.refilledAt = now;
    this.onEvent({ type: 'rate', host, ratePerSecond: rate });
  }

  private pump(host: string): void {
    const h = this.state(host);
    while (h.queue.length > 0 && h.active < this.concurrency) {
      const now = asyncScheduler.now();
      const rate = this.rate(host, now);
      if (Number.isFinite(rate)) {
        h.tokens = Math.min(this.burst(rate), h.tokens + ((now - h.refilledAt) / 1000) * rate);
        h.refilledAt = now;
        if (h.tokens < 1) {
          if (h.wake === undefined) {
            const waitMs = Math.max(1, Math.ceil(((1 - h.tokens) / rate) * 1000));
            h.wake = asyncScheduler.schedule(() => {
              h.wake = undefined;
              this.pump(host);
            }, waitMs);
          }
          return;
        }
        h.tokens -= 1;
      }
      h.active++;
      h.starts.push(now);
      if (h.starts.length > 256) h.starts = h.starts.filter((t) => now - t < 1000);
      h.queue.shift()!.start();
    }
  }
}
