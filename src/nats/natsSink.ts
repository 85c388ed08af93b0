import * as E from 'fp-ts/lib/Either.js';
import { headers, type JetStreamClient, type JetStreamManager, type KV, type NatsConnection } from 'nats';
import { checkpointConflict, storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { StoredCheckpoint } from '../checkpoints/CheckpointStore.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { Sink, SinkItem } from '../sinks/Sink.js';
import { itemIdentity } from '../sinks/itemIdentity.js';

/**
 * Options of `natsSink`.
 * @category Sinks
 * @since 0.2.0
 */
export interface NatsSinkOptions {
  /** A connection from `nats` (2.x) `connect()`. */
  readonly nc: NatsConnection;
  /** The subject each item is published to; this writer must be its only publisher. */
  readonly subject: string;
  /** The JetStream stream that holds `subject` (created by `createSchema` when missing). */
  readonly stream: string;
  /** The key-value bucket of the checkpoints (default `canton_rx_checkpoints`). */
  readonly bucket?: string;
  /** The checkpoint's key in the bucket (default: `subject`, dots and all). */
  readonly key?: string;
  /** The stream's duplicate window in milliseconds, for `createSchema` (default 120000). */
  readonly duplicateWindowMs?: number;
}

/**
 * A sink into NATS JetStream, with `createSchema` to create its stream and bucket.
 * @category Sinks
 * @since 0.2.0
 */
export interface NatsSink<C extends Checkpoint = Checkpoint> extends Sink<C> {
  /** Creates the JetStream stream (subject `subject`) and the key-value bucket if they do not exist. */
  createSchema(): Promise<E.Either<SinkError, void>>;
}

/** What the bucket holds per key: the checkpoint and the stream sequence of the last item published under it. */
interface Entry<C> {
  readonly checkpoint: C;
  readonly lastSeq: number;
}

const WRONG_LAST_SEQUENCE = 10071;
/** How far past the checkpoint a run looks for what a crashed run published (other subjects of the stream in between). */
const MAX_WALK = 10_000;

const isWrongLastSequence = (e: unknown): boolean => {
  const err = e as { api_error?: { err_code?: number }; message?: unknown } | null;
  return err?.api_error?.err_code === WRONG_LAST_SEQUENCE || (typeof err?.message === 'string' && /wrong last sequence/i.test(err.message));
};

const isNotFound = (e: unknown): boolean => {
  const err = e as { api_error?: { code?: number }; code?: unknown; message?: unknown } | null;
  return err?.api_error?.code === 404 || err?.code === '404' || (typeof err?.message === 'string' && /not found/i.test(err.message));
};

/** The headers of one item: its identity, the subject sequence it must follow and, in a pipelined page, the item it must follow. */
const publishHeaders = (identity: string, after: number, previous?: string) => {
  const h = headers();
  h.set('Nats-Msg-Id', identity);
  h.set('Nats-Expected-Last-Subject-Sequence', String(after));
  if (previous !== undefined) h.set('Nats-Expected-Last-Msg-Id', previous);
  return h;
};

/** Thrown to end a commit with a conflict. */
class Fenced {
  constructor(readonly actual: number | undefined, readonly why: string) {}
}

/**
 * A NATS JetStream sink for `drainInto`: publishes each item (its JSON) to `subject` with
 * `Nats-Msg-Id` set to its identity (`itemIdentity`), so that JetStream drops a repeat within its
 * duplicate window, and with `Nats-Expected-Last-Subject-Sequence` set to the sequence of the
 * item before, so that nothing else can slip in between, at any distance. Once every item of the
 * batch is acknowledged, the checkpoint (with the sequence of the batch's last item) is stored in
 * a key-value bucket by compare-and-set on its revision.
 *
 * After a crash between the publishes and the checkpoint, the items published past the stored
 * checkpoint are found again on the next run: a publish that meets them (the expected sequence
 * no longer matches) reads the next stored message and, when it carries the identity of the item
 * being published, takes it as published; anything else there is a foreign publisher, and the
 * commit ends with a `CheckpointConflict`, as it does when the bucket's revision moved (another
 * writer of the same key). `revision` is the bucket entry's revision (it grows, not by one).
 * Consumers read the subject with any JetStream consumer; each item is there once, in order.
 *
 * @example
 * ```ts
 * import { createClient, drainInto, type ScanCheckpoint } from 'canton-rx';
 * import { natsSink } from 'canton-rx/nats';
 * import { connect } from 'nats';
 *
 * const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
 * const sink = natsSink<ScanCheckpoint>({ nc, subject: 'canton.scan.updates', stream: 'CANTON_SCAN' });
 * await sink.createSchema();
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * drainInto(sink, (from, pull) => client.scan.updates({ page_size: 500 }, { from, pull })).subscribe(console.log);
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export const natsSink = <C extends Checkpoint = Checkpoint>(options: NatsSinkOptions): NatsSink<C> => {
  const { nc, subject, stream } = options;
  const bucket = options.bucket ?? 'canton_rx_checkpoints';
  const key = options.key ?? subject;
  const store = `nats:${stream}/${subject}`;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let js: JetStreamClient | undefined;
  let jsm: JetStreamManager | undefined;
  let kv: KV | undefined;
  // The revision and last sequence of the entry this writer last read or wrote.
  let known: { revision: number; lastSeq: number } | undefined;

  const clients = async () => {
    js ??= nc.jetstream();
    jsm ??= await nc.jetstreamManager();
    kv ??= await js.views.kv(bucket, { history: 1 });
    return { js, jsm, kv };
  };

  /** Runs `run`, turning what it throws into a Left: a `Fenced` into a conflict with the writer's expected revision. */
  const guarded = async <A>(what: string, run: () => Promise<E.Either<SinkError, A>>, expected = 0): Promise<E.Either<SinkError, A>> => {
    try {
      return await run();
    } catch (e) {
      if (e instanceof Fenced) return E.left(checkpointConflict(store, expected, e.actual, e.why));
      return E.left(storeFailure(store, what, e));
    }
  };

  const readEntry = async (): Promise<{ entry: Entry<C> | undefined; revision: number }> => {
    const { kv } = await clients();
    const e = await kv.get(key);
    if (e === null || e.operation !== 'PUT' || e.value.length === 0) return { entry: undefined, revision: e?.revision ?? 0 };
    return { entry: JSON.parse(decoder.decode(e.value)) as Entry<C>, revision: e.revision };
  };

  const load = () =>
    guarded('cannot load the checkpoint', async (): Promise<E.Either<SinkError, StoredCheckpoint<C>>> => {
      const { entry, revision } = await readEntry();
      known = { revision, lastSeq: entry?.lastSeq ?? 0 };
      return E.right({ checkpoint: entry?.checkpoint, revision });
    });

  /** Publishes one item after `lastSeq`; answers its sequence, reconciling with what a crashed run left. */
  const publish = async (item: SinkItem, identity: string, lastSeq: number): Promise<number> => {
    const { js, jsm } = await clients();
    try {
      const ack = await js.publish(subject, encoder.encode(JSON.stringify(item)), { headers: publishHeaders(identity, lastSeq) });
      return Math.max(ack.seq, lastSeq);
    } catch (e) {
      if (!isWrongLastSequence(e)) throw e;
    }
    // Something was published after lastSeq: a crashed run of this writer (then it is this very
    // item), or another publisher (a conflict).
    // The next message of the subject: the stream may hold other subjects too (a walk, bounded).
    let next: { seq: number; subject: string; header?: { get(k: string): string } } | undefined;
    const end = Math.min((await jsm.streams.info(stream)).state.last_seq, lastSeq + MAX_WALK);
    for (let seq = lastSeq + 1; seq <= end && next === undefined; seq++) {
      try {
        const m = await jsm.streams.getMessage(stream, { seq });
        if (m.subject === subject) next = m;
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    if (next === undefined || next.header?.get('Nats-Msg-Id') !== identity)
      throw new Fenced(undefined, `the subject holds ${next === undefined ? 'an unexpected sequence' : `another item at sequence ${next.seq}`}`);
    return next.seq;
  };

  const commit = (items: ReadonlyArray<SinkItem>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>> =>
    guarded('cannot commit', async () => {
      if (!Number.isSafeInteger(expected) || expected < 0) return E.left(storeFailure(store, `expected revision ${String(expected)} is not a whole number ≥ 0`));
      const { kv } = await clients();
      if (known === undefined || known.revision !== expected) {
        const { entry, revision } = await readEntry();
        if (revision !== expected) return E.left(checkpointConflict(store, expected, revision, 'the checkpoint moved on'));
        known = { revision, lastSeq: entry?.lastSeq ?? 0 };
      }
      let lastSeq = known.lastSeq;
      const keyed = items.flatMap((item) => {
        const id = itemIdentity(item);
        return id === undefined ? [] : [{ item, identity: id.identity }];
      });
      // Optimistically back to back, so that a page costs one round trip, not one per item:
      // each after the first also expects the stream's last message to be its predecessor
      // (Nats-Expected-Last-Msg-Id), so once one fails every later one fails too and nothing
      // lands after a foreign message. From the first publish that did not land where predicted
      // (a crashed run's leftovers, another subject or publisher), one by one, reconciling.
      const { js } = await clients();
      const settled = await Promise.allSettled(
        keyed.map(({ item, identity }, j) => js.publish(subject, encoder.encode(JSON.stringify(item)), { headers: publishHeaders(identity, lastSeq + j, keyed[j - 1]?.identity) })),
      );
      let i = 0;
      for (; i < settled.length; i++) {
        const s = settled[i]!;
        if (s.status !== 'fulfilled' || s.value.seq !== lastSeq + 1) break;
        lastSeq++;
      }
      for (; i < keyed.length; i++) lastSeq = await publish(keyed[i]!.item, keyed[i]!.identity, lastSeq);
      const value = encoder.encode(JSON.stringify({ checkpoint, lastSeq } satisfies Entry<C>));
      let revision: number;
      try {
        revision = expected === 0 ? await kv.create(key, value) : await kv.update(key, value, expected);
      } catch (e) {
        if (!isWrongLastSequence(e) && !/exists/i.test(String((e as Error)?.message))) throw e;
        known = undefined;
        return E.left(checkpointConflict(store, expected, undefined, 'the checkpoint moved on'));
      }
      known = { revision, lastSeq };
      return E.right(revision);
    }, expected);

  const createSchema = () =>
    guarded('cannot create the stream or the bucket', async (): Promise<E.Either<SinkError, void>> => {
      const { jsm } = await clients();
      try {
        await jsm.streams.info(stream);
      } catch (e) {
        if (!isNotFound(e)) throw e;
        await jsm.streams.add({ name: stream, subjects: [subject], duplicate_window: (options.duplicateWindowMs ?? 120_000) * 1_000_000 });
      }
      return E.right(undefined);
    });

  return { load, commit, save: (checkpoint, expected) => commit([], checkpoint, expected), createSchema };
};
