import assert from 'node:assert/strict';
import { of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { invalidRequest } from '../../src/errors/constructors';
import { createTelemetry } from '../../src/telemetry/createTelemetry';
import { meterPages } from '../../src/telemetry/meterPages';
import { collect } from '../helpers/collect';
import { otelHarness } from './otel';
import { testScheduler } from '../helpers/marbles';
import type { CantonError } from '../../src/errors/CantonError';
import type { ServerEnd } from '../../src/telemetry/createTelemetry';

type P = E.Either<CantonError, { records: number[]; checkpoint?: unknown; caughtUp: boolean }>;
const at = (s: number) => ({ stream: 'scan.updates', migration_id: 0, record_time: new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString() });

describe('meterPages', () => {
  it('without telemetry it adds nothing: the same Observable', () => {
    const pages = of(E.right({ records: [1], caughtUp: false }));
    assert.equal(pages.pipe(meterPages(undefined, 'scan.updates')), pages);
  });

  it('counts the pages that pass (Rights only) and hands everything on', async () => {
    const otel = otelHarness();
    try {
      const input = [E.right({ records: [1, 2], caughtUp: false }), E.right({ records: [], caughtUp: true }), E.left(invalidRequest('x', []))];
      const out = await collect(of(...input).pipe(meterPages(createTelemetry(otel.telemetry), 'scan.events')));
      assert.deepEqual(out, input);
      assert.equal(await otel.sum('canton_rx.stream.pages', { 'canton_rx.stream': 'scan.events' }), 2);
      assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.events' }), 2);
    } finally {
      await otel.shutdown();
    }
  });

  it('a feed without serverEndIntervalMs: never asks for the end; a page that reached it is 0 behind it, in its checkpoint\'s unit', async () => {
    const otel = otelHarness();
    try {
      let asked = 0;
      const end = () => (asked++, of(E.right({ record_time: at(9).record_time })));
      const t = createTelemetry(otel.telemetry);
      const pages: P[] = [E.right({ records: [1], checkpoint: at(1), caughtUp: false }), E.right({ records: [], checkpoint: at(1), caughtUp: true })];
      await collect(of(...pages).pipe(meterPages(t, 'scan.updates', end)));
      await collect(of<P>(E.right({ records: [], checkpoint: { stream: 'ledger.updates', offset: 4 }, caughtUp: true })).pipe(meterPages(t, 'ledger.updates', end)));
      await collect(of<P>(E.right({ records: [1], checkpoint: { stream: 'ledger.parties', index: 0 }, caughtUp: true })).pipe(meterPages(t, 'ledger.parties')));
      assert.equal(asked, 0);
      assert.deepEqual(await otel.histogram('canton_rx.stream.lag.end', { 'canton_rx.stream': 'scan.updates' }), { count: 1, sum: 0, min: 0, max: 0 });
      assert.equal((await otel.histogram('canton_rx.stream.lag.end_offsets', { 'canton_rx.stream': 'ledger.updates' })).count, 1);
      assert.equal((await otel.histogram('canton_rx.stream.lag.end')).count + (await otel.histogram('canton_rx.stream.lag.end_offsets')).count, 2, 'a list without an end records none');
    } finally {
      await otel.shutdown();
    }
  });

  it('with serverEndIntervalMs: asks every interval while subscribed, one request at a time, and measures the last page handed on against the answer (virtual time)', async () => {
    const otel = otelHarness();
    try {
      const t = createTelemetry({ ...otel.telemetry, serverEndIntervalMs: 100 });
      testScheduler().run(({ cold, expectObservable }) => {
        // Pages at 50 (record time 10 s) and 250 (20 s); the stream ends at 450.
        const pages = cold<P>('50ms a 199ms b 199ms |', { a: E.right({ records: [1], checkpoint: at(10), caughtUp: false }), b: E.right({ records: [2], checkpoint: at(20), caughtUp: false }) });
        // The end answers after 30 ms, at 40 s, then 42 s; the first request is sent at 100.
        const answers = [cold<E.Either<CantonError, ServerEnd>>('30ms (e|)', { e: E.right({ record_time: at(40).record_time }) }), cold<E.Either<CantonError, ServerEnd>>('150ms (e|)', { e: E.right({ record_time: at(42).record_time }) })];
        let n = 0;
        const end = (): Observable<E.Either<CantonError, ServerEnd>> => answers[Math.min(n++, answers.length - 1)]!;
        expectObservable(pages.pipe(meterPages(t, 'scan.updates', end))).toBe('50ms a 199ms b 199ms |', { a: E.right({ records: [1], checkpoint: at(10), caughtUp: false }), b: E.right({ records: [2], checkpoint: at(20), caughtUp: false }) });
      });
      // Asked at 100 (answered 130: 40 − 10 = 30 s), at 200 (answered 350: 42 − 20 = 22 s; the ask at 300 skipped while it was out),
      // at 400 (answered 550, after the stream ended at 450: dropped).
      const lag = await otel.histogram('canton_rx.stream.lag.end', { 'canton_rx.stream': 'scan.updates' });
      assert.deepEqual(lag, { count: 2, sum: 52, min: 22, max: 30 });
    } finally {
      await otel.shutdown();
    }
  });

  it('with serverEndIntervalMs: nothing asked before the first interval, nor once the stream has ended; a failed answer measures nothing', async () => {
    const otel = otelHarness();
    try {
      const t = createTelemetry({ ...otel.telemetry, serverEndIntervalMs: 100 });
      let asked = 0;
      testScheduler().run(({ cold, expectObservable, flush }) => {
        const end = () => (asked++, cold<E.Either<CantonError, ServerEnd>>('(e|)', { e: E.left(invalidRequest('down', [])) }));
        expectObservable(cold<P>('99ms (a|)', { a: E.right({ records: [1], checkpoint: at(1), caughtUp: false }) }).pipe(meterPages(t, 'scan.updates', end))).toBe('99ms (a|)', { a: E.right({ records: [1], checkpoint: at(1), caughtUp: false }) });
        flush();
        assert.equal(asked, 0);
      });
      testScheduler().run(({ cold, expectObservable }) => {
        const end = () => (asked++, cold<E.Either<CantonError, ServerEnd>>('(e|)', { e: E.left(invalidRequest('down', [])) }));
        expectObservable(cold<P>('250ms (a|)', { a: E.right({ records: [1], checkpoint: at(1), caughtUp: false }) }).pipe(meterPages(t, 'scan.updates', end))).toBe('250ms (a|)', { a: E.right({ records: [1], checkpoint: at(1), caughtUp: false }) });
      });
      assert.equal(asked, 2);
      assert.equal((await otel.histogram('canton_rx.stream.lag.end')).count, 0);
    } finally {
      await otel.shutdown();
    }
  });
});
