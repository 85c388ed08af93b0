import { lastValueFrom, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { BackfillSlice } from '../backfill/BackfillSlice.js';
import type { BackfillConnection } from './backfillConnection.js';

/**
 * Where the slices of a distributed backfill wait: a JetStream stream kept as a work queue (each
 * slice taken by one worker at a time, removed once done), and its durable consumer.
 * @category Sinks
 * @since 0.3.0
 */
export interface BackfillQueue {
  /** The NATS connection (`connect()` of `nats` 2.x). */
  readonly nc: BackfillConnection;
  /** The JetStream stream of the work queue (created if absent); its subject is `<queue>.slices`. */
  readonly queue: string;
  /** How long a slice stays with a worker that no longer says it works on it before another takes it over (default 10 000 ms). */
  readonly ackWaitMs?: number;
}

// Plain values, not nats' enums and codecs: the module must load where only the modular client is installed.
const encodeSlice = (slice: BackfillSlice): Uint8Array => new TextEncoder().encode(JSON.stringify(slice));

/** The queue's stream and its one durable consumer, created where absent. @internal */
export const openBackfillQueue = async (q: BackfillQueue) => {
  const jsm = await q.nc.jetstreamManager();
  await jsm.streams.info(q.queue).catch(() => jsm.streams.add({ name: q.queue, subjects: [`${q.queue}.slices`], retention: 'workqueue' }));
  await jsm.consumers.info(q.queue, 'workers').catch(() => jsm.consumers.add(q.queue, { durable_name: 'workers', ack_policy: 'explicit', ack_wait: (q.ackWaitMs ?? 10_000) * 1_000_000, max_ack_pending: -1 }));
  return q.nc.jetstream().consumers.get(q.queue, 'workers');
};

/**
 * Puts the slices of a backfill (`scan.planBackfill`) on a JetStream work queue for
 * `runBackfillWorker`s to take, each published once (its message id is the backfill's `name` and
 * its index, so a coordinator run again within the stream's duplicate window, two minutes,
 * publishes nothing twice; another backfill on the same queue needs another name). Answers
 * how many slices it published, or the planning's Left, or a `StoreFailure` of NATS.
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import { publishBackfillSlices } from 'canton-rx/nats';
 * import { connect } from 'nats';
 *
 * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
 * const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
 * await publishBackfillSlices({ nc, queue: 'BACKFILL' }, scan.planBackfill({ page_size: 500 }, { slices: 32 }));
 * ```
 * @category Sinks
 * @since 0.3.0
 */
export const publishBackfillSlices = async (
  q: BackfillQueue,
  plan: Observable<E.Either<CantonError, ReadonlyArray<BackfillSlice>>>,
  /** The backfill's name, unique per backfill: with the slice's index, the message id JetStream removes duplicates by (default: the queue's name). */
  name: string = q.queue,
): Promise<E.Either<CantonError | SinkError, number>> => {
  try {
    await openBackfillQueue(q);
    const js = q.nc.jetstream();
    const planned = await lastValueFrom(
      plan.pipe(reduce((acc: E.Either<CantonError, BackfillSlice[]>, step) => (E.isLeft(acc) ? acc : E.isLeft(step) ? step : E.right([...acc.right, ...step.right])), E.right([]))),
      { defaultValue: E.right([]) },
    );
    if (E.isLeft(planned)) return planned;
    for (const slice of planned.right) await js.publish(`${q.queue}.slices`, encodeSlice(slice), { msgID: `${name}:${slice.index}` });
    return E.right(planned.right.length);
  } catch (e) {
    return E.left(storeFailure(`nats:${q.queue}`, 'cannot publish the backfill slices', e));
  }
};
