import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import { filter, last, map, NEVER, of, scan as scanOp, take, timer, type Observable } from 'rxjs';
import { mergeFeeds, type FeedError, type MergedUpdate } from '../../src/operators/mergeFeeds';
import { networkError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import type { Update } from '../../src/codecs/ledger/Update';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import type { Heartbeat } from '../../src/streams/heartbeat';
import type { Checkpoint } from '../../src/streams/checkpoints';
import { testScheduler } from '../helpers/marbles';

// Record times in milliseconds since the epoch, so that heartbeat poll times compare with them.
const at = (ms: number) => new Date(ms).toISOString();
type L = E.Either<CantonError, Update | Heartbeat<Checkpoint>>;
type S = E.Either<CantonError, UpdateHistoryItemV2 | Heartbeat<Checkpoint>>;
const ledger = (id: string, ms: number): L => E.right({ Transaction: { value: { updateId: id, recordTime: at(ms), offset: ms, effectiveAt: at(ms), events: [], synchronizerId: 'global-domain::1220' } } } as unknown as Update);
const scan = (id: string, ms: number, migration = 4): S => E.right({ update_id: id, record_time: at(ms), migration_id: migration, workflow_id: '', synchronizer_id: 'global-domain::1220', effective_at: at(ms), root_event_ids: [], events_by_id: {} } as UpdateHistoryItemV2);
const beat = (polledAt: number, checkpoint?: Checkpoint): E.Either<CantonError, Heartbeat<Checkpoint>> => E.right({ _tag: 'Heartbeat', checkpoint, polledAt });
const label = (r: E.Either<FeedError, MergedUpdate>) => (E.isLeft(r) ? `Left:${r.left.source}:${r.left.error._tag}` : `${r.right.updateId}:${r.right.source}${r.right.late ? '!' : ''}`);
const merged = (l: Observable<L>, s: Observable<S>, latenessMs = 1000) => mergeFeeds(l, s, { latenessMs }).pipe(map(label));

describe('mergeFeeds', () => {
  it('orders both feeds by record time, releasing what both watermarks have passed, and joins shared update ids', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-a------b---|', { a: ledger('u1', 10), b: ledger('u3', 30) });
      const s = cold<S>('---x--y----z|', { x: scan('u1', 10), y: scan('u2', 20), z: scan('u4', 40) });
      // u3 is the ledger's alone: with no heartbeat it might belong to a later migration that
      // Scan has not reached, so it waits for Scan's end (see the next test).
      expectObservable(merged(l, s)).toBe('---a----b---(cd|)', { a: 'u1:both', b: 'u2:scan', c: 'u3:ledger', d: 'u4:scan' });
    });
  });

  it('a ledger update Scan does not have goes once Scan has passed every migration it can be in: after a caught-up Scan heartbeat, or at once with ledgerMigrationId', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-a------b---|', { a: ledger('u1', 10), b: ledger('u3', 30) });
      const s = cold<S>('---x--y----z-h', { x: scan('u1', 10), y: scan('u2', 20), z: scan('u4', 40), h: beat(0, { stream: 'scan.updates', migration_id: 4, record_time: at(40) }) });
      // Scan, caught up in migration 4 after u3 came, bounds u3's migration: 4; Scan is past (4, 30).
      expectObservable(merged(l, s), '^ 20ms !').toBe('---a----b----(cd)', { a: 'u1:both', b: 'u2:scan', c: 'u3:ledger', d: 'u4:scan' });
      const given = mergeFeeds(l, s, { latenessMs: 1000, ledgerMigrationId: 4 }).pipe(map(label));
      expectObservable(given, '^ 20ms !').toBe('---a----b--cd', { a: 'u1:both', b: 'u2:scan', c: 'u3:ledger', d: 'u4:scan' });
    });
  });

  it('orders by Scan’s (migration_id, record_time); a ledger view ahead across a migration change waits for its Scan view', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // Migration 5 starts at 30, before migration 4's last record time (40); the ledger runs ahead.
      const l = cold<L>('-ab', { a: ledger('u1', 10), b: ledger('u2', 30) });
      const s = cold<S>('---xyz', { x: scan('u1', 10), y: scan('s1', 40), z: scan('u2', 30, 5) });
      // Once u1 joined (migration 4), u2 may be in 4 or later: it holds back (4, 30) until its Scan view comes.
      expectObservable(merged(l, s), '^ 20ms !').toBe('---a-(bc)', { a: 'u1:both', b: 's1:scan', c: 'u2:both' });
    });
  });

  it('compares record times exactly, whatever their digit counts', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-a|', { a: E.right({ Transaction: { value: { updateId: 'u1', recordTime: '2025-12-10T16:23:08.99759Z' } } } as unknown as Update) });
      const s = cold<S>('-x|', { x: E.right({ update_id: 'u2', record_time: '2025-12-10T16:23:08.9975Z' } as UpdateHistoryItemV2) });
      // As text ".99759Z" < ".9975Z"; as instants u2 comes first: released as soon as both passed it.
      expectObservable(merged(l, s)).toBe('-b(a|)', { a: 'u1:ledger', b: 'u2:scan' });
    });
  });

  it('releases an update after latenessMs when the other feed is silent', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-');
      const s = cold<S>('-x-y', { x: scan('u1', 10), y: scan('u2', 20) });
      expectObservable(merged(l, s, 100), '^ 200ms !').toBe('101ms a 1ms b', { a: 'u1:scan', b: 'u2:scan' });
    });
  });

  it('a caught-up heartbeat raises the watermark to its poll time less the lateness bound', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-----h', { h: beat(200) });
      const s = cold<S>('-x', { x: scan('u1', 90) });
      // 200 - 100 = 100 ≥ 90: released at the heartbeat, not at 101.
      expectObservable(merged(l, s, 100), '^ 200ms !').toBe('-----a', { a: 'u1:scan' });
    });
  });

  it('a Scan heartbeat carries its checkpoint record time as a watermark', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('-a', { a: ledger('u1', 50) });
      const s = cold<S>('---h', { h: beat(0, { stream: 'scan.updates', migration_id: 4, record_time: at(60) }) });
      expectObservable(merged(l, s, 10_000), '^ 20ms !').toBe('---a', { a: 'u1:ledger' });
    });
  });

  it('a failing feed is a Left tagged with its source; the other feed goes on', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const failure = networkError('POST', 'http://p/v2/updates/get-updates-page', 'socket hang up', null);
      const l = cold<L>('-e|', { e: E.left(failure) });
      const s = cold<S>('--x--y|', { x: scan('u1', 10), y: scan('u2', 20) });
      expectObservable(merged(l, s)).toBe('-ex--y|', { e: 'Left:ledger:NetworkError', x: 'u1:scan', y: 'u2:scan' });
    });
  });

  it('flags updates that cannot be put in order: behind the released frontier, or a second view after the lateness bound', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const l = cold<L>('--------------------a------------------------b', { a: ledger('u0', 15), b: ledger('u5', 30) });
      const s = cold<S>('-x----------------------------y', { x: scan('u1', 20), y: scan('u5', 30) });
      // u1 waits 10 and goes alone at 11; u0 (15 < 20) comes late at 20; u5 goes alone at 40,
      // and its ledger view at 45 is a late second view.
      expectObservable(merged(l, s, 10), '^ 60ms !').toBe('-----------x--------a-------------------y----b', {
        x: 'u1:scan', a: 'u0:ledger!', y: 'u5:scan', b: 'u5:ledger!',
      });
    });
  });

  it('never repeats an id unflagged: a lagging participant’s view of an update both watermarks released comes late', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // Tailing with heartbeats: Scan delivers u1 and is caught up; the participant's heartbeat
      // (poll 200, less the lateness bound 100) claims it passed 10 before it ingested u1.
      const l = cold<L>('---h--a', { h: beat(200), a: ledger('u1', 10) });
      const s = cold<S>('-xh', { x: scan('u1', 10), h: beat(150, { stream: 'scan.updates', migration_id: 4, record_time: at(10) }) });
      expectObservable(merged(l, s, 100), '^ 20ms !').toBe('---x--a', { x: 'u1:scan', a: 'u1:ledger!' });
    });
  });

  it('unsubscribing unsubscribes both feeds and cancels the lateness timer', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const l = cold<L>('-a-----', { a: ledger('u1', 10) });
      const s = cold<S>('-------');
      expectObservable(merged(l, s, 100), '^----!').toBe('');
      expectSubscriptions(l.subscriptions).toBe('^----!');
      expectSubscriptions(s.subscriptions).toBe('^----!');
    });
  });

  it('passes a defect of a feed to the error channel', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(merged(cold<L>('--#', undefined, new Error('bug')), cold<S>('-'))).toBe('--#', undefined, new Error('bug'));
    });
  });

  it('a record time that is no Timestamp (the codecs bypassed) is a defect in the error channel, not thrown out of band', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const s = cold<S>('-x', { x: E.right({ update_id: 'u1', record_time: 'yesterday', migration_id: 4 } as UpdateHistoryItemV2) });
      expectObservable(merged(cold<L>('-'), s)).toBe('-#', undefined, new TypeError('mergeFeeds: not an ISO-8601 UTC Timestamp: "yesterday"'));
    });
  });

  it('buffers only the gap between the watermarks, not the history', () => {
    const N = 5000;
    for (const lag of [0, 100]) {
      let max = 0;
      testScheduler().run(({ expectObservable }) => {
        // Ledger updates at even record times, Scan updates at odd ones; Scan runs `lag` frames behind.
        const l = timer(0, 2).pipe(take(N), map((i) => ledger(`l${i}`, 2 * i)));
        const s = timer(1 + lag, 2).pipe(take(N), map((i) => scan(`s${i}`, 2 * i + 1)));
        // No id joins here, so the ledger's migration is given (else its views would wait for Scan's end).
        const out = mergeFeeds(l, s, { latenessMs: 1_000_000, ledgerMigrationId: 4, onBufferSize: (n) => (max = Math.max(max, n)) });
        // Every update of both feeds comes out, in order; the count arrives when the later feed ends.
        const checked = out.pipe(
          scanOp((acc, r) => {
            assert.ok(E.isRight(r));
            assert.ok(acc.last === undefined || r.right.recordTime > acc.last, 'in record-time order');
            return { n: acc.n + 1, last: r.right.recordTime };
          }, { n: 0, last: undefined as string | undefined }),
          last(),
          map((acc) => acc.n),
        );
        expectObservable(checked).toBe(`${9999 + lag}ms (c|)`, { c: 2 * N });
      });
      assert.ok(max <= lag / 2 + 3, `lag ${lag}: at most ${max} buffered`);
    }
  });

  describe('memory', () => {
    const silentLedger = (n: number, options: Parameters<typeof mergeFeeds>[2]) => {
      const sizes = { buffered: 0, remembered: 0, out: 0, late: 0 };
      testScheduler().run(({ expectObservable }) => {
        // The participant is silent (no updates, no heartbeats); Scan delivers one update a millisecond.
        const s = timer(0, 1).pipe(take(n), map((i) => scan(`s${i}`, i)));
        const out = mergeFeeds(NEVER as Observable<L>, s, {
          ...options,
          onMemory: (m) => {
            sizes.buffered = Math.max(sizes.buffered, m.buffered);
            sizes.remembered = Math.max(sizes.remembered, m.remembered);
          },
        }).pipe(
          filter((r) => {
            assert.ok(E.isRight(r));
            sizes.out += 1;
            if (r.right.late) sizes.late += 1;
            return false;
          }),
        );
        expectObservable(out, `^ ${n + 1000}ms !`).toBe('');
      });
      assert.equal(sizes.out, n, 'every update came out');
      assert.equal(sizes.late, 0);
      return sizes;
    };

    it('one feed silent for 80 000 updates: the buffer stays at the lateness window, remembered ids at maxRemembered', function () {
      this.timeout(60_000);
      const sizes = silentLedger(80_000, { latenessMs: 100, maxRemembered: 1000, rememberMs: Infinity });
      assert.ok(sizes.buffered > 50 && sizes.buffered <= 101, `buffered at most ${sizes.buffered}`);
      assert.equal(sizes.remembered, 1000, 'remembered ids stop at the count bound');
    });

    it('remembered ids are forgotten after rememberMs; the defaults bound them too', function () {
      this.timeout(60_000);
      const timed = silentLedger(20_000, { latenessMs: 100, rememberMs: 2000 });
      assert.ok(timed.remembered >= 1990 && timed.remembered <= 2001, `remembered at most ${timed.remembered}`);
      const defaults = silentLedger(20_000, { latenessMs: 100 });
      assert.equal(defaults.remembered, 10_000, 'default maxRemembered');
    });

    it('a second view of an update released alone comes late; once forgotten, it is still late behind the released order', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const l = cold<L>('----------------a-------b', { a: ledger('u1', 10), b: ledger('u2', 20) });
        const s = cold<S>('-xy', { x: scan('u1', 10), y: scan('u2', 20) });
        const out = mergeFeeds(l, s, { latenessMs: 5, maxRemembered: 1 }).pipe(map(label));
        // u1 and u2 go alone at 6 and 7; only u2 is remembered (the count bound is 1).
        expectObservable(out, '^ 30ms !').toBe('------xy--------a-------b', { x: 'u1:scan', y: 'u2:scan', a: 'u1:ledger!', b: 'u2:ledger!' });
      });
    });
  });

  describe('durations', () => {
    it('latenessMs: Infinity never releases by the lateness bound and takes nothing from heartbeat poll times; no RangeError', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const l = cold<L>('---h----|', { h: beat(1_000_000) });
        const s = cold<S>('-x-h------|', { x: scan('u1', 10), h: beat(1_000_000) });
        // Released when the ledger ends, not by a timer; the heartbeats (poll 1 000 000) raise nothing.
        expectObservable(mergeFeeds(l, s, { latenessMs: Infinity }).pipe(map(label))).toBe('--------a-|', { a: 'u1:scan' });
      });
    });

    it('a lateness bound past the longest timer (2^31 ms) is waited out in full, in virtual time', () => {
      testScheduler().run(({ cold, expectObservable }) => {
        const s = cold<S>('-x', { x: scan('u1', 10) });
        expectObservable(mergeFeeds(cold<L>('-'), s, { latenessMs: 2 ** 31 + 5 }).pipe(map(label)), '^ 2147483660ms !').toBe('2147483654ms a', { a: 'u1:scan' });
      });
    });

    it('never arms a timer past 2^31 - 1 ms (which Node fires at once, again and again), and arms one at a time', () => {
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      const fake = globalThis.setInterval;
      const delays: number[] = [];
      // RxJS's asyncScheduler arms its timers with the global setInterval.
      globalThis.setInterval = ((fn: () => void, ms: number) => {
        delays.push(ms);
        return fake(fn, ms);
      }) as typeof setInterval;
      try {
        const seen: string[] = [];
        const sub = mergeFeeds(NEVER, of(scan('u1', 10), scan('u2', 11)), { latenessMs: 2 ** 31 + 5 }).subscribe((r) => seen.push(label(r)));
        clock.tick(1000);
        assert.deepEqual(seen, [], 'not released early');
        clock.tick(2 ** 31);
        assert.deepEqual(seen, ['u1:scan', 'u2:scan']);
        assert.ok(delays.every((ms) => ms <= 2 ** 31 - 1), `delays ${delays.join(', ')}`);
        assert.ok(delays.length <= 3, `${delays.length} timers armed`);
        sub.unsubscribe();
      } finally {
        globalThis.setInterval = fake;
        clock.restore();
      }
    });

    it('throws a RangeError at call time for a negative, NaN or non-number duration, a bad count or migration id', () => {
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ latenessMs: -1 }, /latenessMs must be a number of milliseconds ≥ 0 or Infinity, got -1/],
        [{ latenessMs: NaN }, /latenessMs .* got NaN/],
        [{ latenessMs: '5' }, /latenessMs .* got 5/],
        [{ rememberMs: -Infinity }, /rememberMs .* got -Infinity/],
        [{ maxRemembered: 1.5 }, /maxRemembered must be an integer ≥ 0, got 1.5/],
        [{ maxRemembered: Infinity }, /maxRemembered/],
        [{ ledgerMigrationId: -1 }, /ledgerMigrationId must be an integer ≥ 0, got -1/],
      ];
      for (const [options, message] of bad) assert.throws(() => mergeFeeds(NEVER, NEVER, options as never), (e: unknown) => e instanceof RangeError && message.test(e.message), JSON.stringify(options));
      assert.doesNotThrow(() => mergeFeeds(NEVER, NEVER, { latenessMs: 0, rememberMs: Infinity, maxRemembered: 0, ledgerMigrationId: 0 }));
    });
  });
});
