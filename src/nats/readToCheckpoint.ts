import * as E from 'fp-ts/lib/Either.js';
import { Observable } from 'rxjs';
import { storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { SinkItem } from '../sinks/Sink.js';
import { jetStreamOf, type NatsConnectionLike } from './jetStreamOf.js';
import { readEntry } from './readEntry.js';

/**
 * Options of `readToCheckpoint`: the same `nc`, `subject`, `stream`, `bucket` and `key` as the
 * `natsSink` that wrote the subject.
 * @example
 * ```ts
 * const options: ReadToCheckpointOptions = { nc, subject: 'canton.scan.updates', stream: 'CANTON_SCAN', fromSeq: lastSeen + 1, batch: 500 };
 * ```
 * @category Sinks
 * @since 0.4.0
 */
export interface ReadToCheckpointOptions {
  /** A connection from `connect()` of `nats` (2.x) or of `@nats-io/transport-node` (3.x). */
  readonly nc: NatsConnectionLike;
  readonly subject: string;
  readonly stream: string;
  /** The key-value bucket of the checkpoints (default `canton_rx_checkpoints`). */
  readonly bucket?: string;
  /** The checkpoint's key in the bucket (default: `subject`). */
  readonly key?: string;
  /** The stream sequence to read from (default 1): the `seq` after the last one you processed. */
  readonly fromSeq?: number;
  /** How many messages one fetch asks for (default 256): what is held in memory at a time. */
  readonly batch?: number;
}

/**
 * A message of the subject that a committed checkpoint covers.
 * @example
 * ```ts
 * readToCheckpoint(options).subscribe((r) => {
 *   if (r._tag === 'Right') console.log(r.right.seq, r.right.identity, r.right.item);
 * });
 * ```
 * @category Sinks
 * @since 0.4.0
 */
export interface CommittedMessage {
  /** Its stream sequence: resume with `fromSeq: seq + 1`. */
  readonly seq: number;
  /** Its `Nats-Msg-Id`, the item's identity (`itemIdentity`). */
  readonly identity: string | undefined;
  readonly item: SinkItem;
}

/**
 * Reads what a `natsSink` committed: the subject's messages in order, from `fromSeq` up to and
 * including the last item the stored checkpoint covers, then completes. A commit that died
 * between its publishes and its checkpoint leaves messages past the checkpoint, visible to any
 * other consumer, that the next run of the writer takes as its own (they are not repeated) but
 * that no checkpoint covers yet; this reader never goes past the checkpoint read when it is
 * subscribed, so what it delivers is exactly what the writer has committed. Read again (from the
 * last `seq` + 1) to get what was committed since. Cold: nothing is read before subscribe, and
 * unsubscribe stops the fetch. Expected failures (no such stream, a connection lost, a message
 * that is not JSON) are a `Left` of `StoreFailure` that ends the stream.
 *
 * @example
 * ```ts
 * import { readToCheckpoint } from 'canton-rx/nats';
 * import { connect } from 'nats';
 *
 * const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
 * readToCheckpoint({ nc, subject: 'canton.scan.updates', stream: 'CANTON_SCAN', fromSeq: 1 }).subscribe((r) => {
 *   if (r._tag === 'Right') console.log(r.right.seq, r.right.identity);
 * });
 * ```
 * @category Sinks
 * @since 0.4.0
 */
export const readToCheckpoint = (options: ReadToCheckpointOptions): Observable<E.Either<SinkError, CommittedMessage>> =>
  new Observable<E.Either<SinkError, CommittedMessage>>((subscriber) => {
    const { nc, subject, stream } = options;
    const store = `nats:${stream}/${subject}`;
    const batch = options.batch ?? 256;
    let stopped = false;
    const run = async () => {
      let from = options.fromSeq ?? 1;
      if (!Number.isSafeInteger(from) || from < 1 || !Number.isSafeInteger(batch) || batch < 1) {
        subscriber.next(E.left(storeFailure(store, `fromSeq ${String(from)} and batch ${String(batch)} must be whole numbers ≥ 1`)));
        return;
      }
      const js = await jetStreamOf(nc);
      const { entry } = await readEntry(await js.kv(options.bucket ?? 'canton_rx_checkpoints'), options.key ?? subject);
      const end = entry?.lastSeq ?? 0;
      while (!stopped && from <= end) {
        let fetched = 0;
        for await (const m of await js.fetch(stream, subject, from, Math.min(batch, end - from + 1))) {
          if (stopped || m.seq > end) break;
          fetched++;
          from = m.seq + 1;
          let item: SinkItem;
          try {
            item = JSON.parse(new TextDecoder().decode(m.data)) as SinkItem;
          } catch (e) {
            subscriber.next(E.left(storeFailure(store, `the message at sequence ${m.seq} is not JSON`, e)));
            return;
          }
          subscriber.next(E.right({ seq: m.seq, identity: m.headers?.get('Nats-Msg-Id') || undefined, item }));
          if (m.seq === end) break;
        }
        // Nothing left up to the checkpoint (messages removed by the stream's limits): the end.
        if (fetched === 0) break;
      }
    };
    run().then(
      () => subscriber.complete(),
      (e: unknown) => {
        subscriber.next(E.left(storeFailure(store, 'cannot read the subject', e)));
        subscriber.complete();
      },
    );
    return () => {
      stopped = true;
    };
  });
