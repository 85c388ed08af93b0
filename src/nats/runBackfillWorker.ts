import { lastValueFrom, Observable, tap } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { BackfillSlice } from '../backfill/BackfillSlice.js';
import type { ScanBackfillOptions } from '../backfill/scanBackfill.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import type { ScanGroup, ScanUpdatesRequest } from '../scan/createScanGroup.js';
import type { Sink } from '../sinks/Sink.js';
import { drainInto, type Committed } from '../sinks/drainInto.js';
import type { QueueMessage } from './backfillConnection.js';
import { openBackfillQueue, type BackfillQueue } from './publishBackfillSlices.js';

/**
 * Options of `runBackfillWorker`.
 * @category Sinks
 * @since 0.3.0
 */
export interface BackfillWorkerOptions extends BackfillQueue {
  /** The Scan (or pool) to read from. */
  readonly scan: Pick<ScanGroup, 'backfill'>;
  /** The request of the backfill, as given to `scan.planBackfill`. */
  readonly request: ScanUpdatesRequest;
  /** How each slice is read (`slices`, `concurrency`, `workers`, `retry`); `from` and `to` come from the slice. */
  readonly backfill?: Omit<ScanBackfillOptions, 'from' | 'to' | 'version'>;
  /** The sink of one slice, holding its items with its checkpoint: `postgresSink({ db, stream: backfillSliceStream(name, slice.index) })`. */
  readonly sinkOf: (slice: BackfillSlice) => Sink<ScanCheckpoint>;
  /** How long to wait for a slice before looking whether the backfill is done (default and least 1 000 ms, JetStream's least). */
  readonly idleMs?: number;
}

/**
 * What a worker of a distributed backfill reports: a commit of the slice it works on.
 * @category Sinks
 * @since 0.3.0
 */
export interface SliceCommitted {
  readonly slice: number;
  readonly committed: Committed<ScanCheckpoint>;
}

// JSON by hand, not nats' JSONCodec: the module must load where only the modular client is installed.
const decodeSlice = (data: Uint8Array): BackfillSlice => JSON.parse(new TextDecoder().decode(data)) as BackfillSlice;

/**
 * One worker of a distributed backfill: takes slices from the JetStream work queue
 * (`publishBackfillSlices`) one at a time, and drains each into its sink (`drainInto`), which
 * stores the slice's checkpoint with its items: a worker killed in the middle of a slice leaves it
 * unacknowledged, JetStream hands it to another worker once `ackWaitMs` has passed without news,
 * and that worker resumes exactly after the slice's last commit. While it works on a slice the
 * worker tells JetStream so (every third of `ackWaitMs`); the slice is acknowledged (removed from
 * the queue) once it is all committed. Several processes, on several machines, run a worker each.
 * Completes when the queue holds no slice and none is being worked on (asked after each slice, and
 * after each wait for one that came back empty); a Left (the read's, the
 * sink's, or a `StoreFailure` of NATS) ends it, the slice handed back to the queue at once.
 * Cold; unsubscribing stops after nothing more (the slice is taken over after `ackWaitMs`).
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import { postgresSink } from 'canton-rx/postgres';
 * import { backfillSliceStream, runBackfillWorker } from 'canton-rx/nats';
 *
 * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
 * runBackfillWorker({ nc, queue: 'BACKFILL', scan, request: { page_size: 500 }, sinkOf: (s) => postgresSink({ db, stream: backfillSliceStream('mainnet', s.index) }) }).subscribe(console.log);
 * ```
 * @category Sinks
 * @since 0.3.0
 */
export const runBackfillWorker = (o: BackfillWorkerOptions): Observable<E.Either<CantonError | SinkError, SliceCommitted>> =>
  new Observable((subscriber) => {
    let stopped = false;
    let held: QueueMessage | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    const ackWaitMs = o.ackWaitMs ?? 10_000;

    const drainSlice = (slice: BackfillSlice) =>
      lastValueFrom(
        drainInto(o.sinkOf(slice), (from) => {
          const start = from ?? slice.from;
          return o.scan.backfill(o.request, { ...o.backfill, ...(start !== undefined ? { from: start } : {}), ...(slice.to !== undefined ? { to: slice.to } : {}) });
        }).pipe(tap((r) => !stopped && E.isRight(r) && subscriber.next(E.right({ slice: slice.index, committed: r.right })))),
        { defaultValue: undefined },
      );

    const run = async (): Promise<void> => {
      const consumer = await openBackfillQueue(o);
      // Nothing queued and nothing being worked on: the backfill is done.
      const done = async (): Promise<boolean> => {
        const info = await consumer.info();
        return info.num_pending === 0 && info.num_ack_pending === 0;
      };
      while (!stopped) {
        const m = await consumer.next({ expires: Math.max(1000, o.idleMs ?? 1000) });
        if (stopped) {
          m?.nak();
          return;
        }
        if (m === null) {
          if (await done()) return subscriber.complete();
          continue;
        }
        held = m;
        beat = setInterval(() => m.working(), Math.max(1, Math.floor(ackWaitMs / 3)));
        beat.unref?.();
        const last = await drainSlice(decodeSlice(m.data));
        clearInterval(beat);
        held = undefined;
        if (stopped) return;
        if (last !== undefined && E.isLeft(last)) {
          m.nak();
          subscriber.next(last);
          return subscriber.complete();
        }
        await m.ackAck();
        // Asked at once rather than after a wait for a slice: the last slice's worker ends
        // without JetStream's least wait (1 s), which a distributed backfill pays at its end.
        if (!stopped && (await done())) return subscriber.complete();
      }
    };
    run().catch((e: unknown) => {
      if (stopped) return;
      subscriber.next(E.left(storeFailure(`nats:${o.queue}`, 'the backfill work queue failed', e)));
      subscriber.complete();
    });
    return () => {
      stopped = true;
      if (beat !== undefined) clearInterval(beat);
      held?.nak();
    };
  });
