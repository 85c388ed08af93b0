import * as E from 'fp-ts/lib/Either.js';
import { checkpointConflict, storeFailure, type SinkError } from '../checkpoints/SinkError.js';
import type { StoredCheckpoint } from '../checkpoints/CheckpointStore.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { Sink, SinkItem } from '../sinks/Sink.js';
import { itemIdentity } from '../sinks/itemIdentity.js';
import { jetStreamOf, type JetStreamApi, type NatsConnectionLike } from './jetStreamOf.js';
import { readEntry } from './readEntry.js';
import { subjectCovers } from './subjectCovers.js';

/**
 * Options of `natsSink`.
 * @category Sinks
 * @since 0.2.0
 */
export interface NatsSinkOptions {
  /** A connection from `connect()` of `nats` (2.x) or of `@nats-io/transport-node` (3.x, with `@nats-io/jetstream` and `@nats-io/kv` installed). */
  readonly nc: NatsConnectionLike;
  /** The subject each item is published to; this writer must be its only publisher. */
  readonly subject: string;
  /** The JetStream stream that holds `subject` (created by `createSchema` when missing, the subject added to it when it does not hold it). */
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
  /**
   * Creates the JetStream stream (subject `subject`) when missing, or adds `subject` to the
   * stream's subjects when the stream exists without it (so that feeds can share a stream).
   * Safe to call by several writers of the same subject at once. JetStream replaces a stream's
   * subject list without a compare-and-set: add different subjects to one stream one after the
   * other (or give each feed a stream of its own), not from several processes at the same moment.
   */
  createSchema(): Promise<E.Either<SinkError, void>>;
}

const WRONG_LAST_SEQUENCE = 10071;
/** How many times `createSchema` reads the stream again after a concurrent change. */
const SCHEMA_ATTEMPTS = 5;

const isWrongLastSequence = (e: unknown): boolean => {
  const err = e as { api_error?: { err_code?: number }; code?: unknown; message?: unknown } | null;
  return err?.api_error?.err_code === WRONG_LAST_SEQUENCE || err?.code === WRONG_LAST_SEQUENCE || (typeof err?.message === 'string' && /wrong last sequence/i.test(err.message));
};

/** The publish options of one item: its identity, the subject sequence it must follow and, in a pipelined page, the item it must follow. */
const publishOptions = (identity: string, after: number, previous?: string) => ({
  msgID: identity,
  expect: previous === undefined ? { lastSubjectSequence: after } : { lastSubjectSequence: after, lastMsgID: previous },
});

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
 * no longer matches) reads the subject's messages after the last known one and takes those that
 * carry the identities of the items being published, in order, as published; anything else there
 * is a foreign publisher, and the commit ends with a `CheckpointConflict`, as it does when the
 * bucket's revision moved (another writer of the same key). `revision` is the bucket entry's
 * revision (it grows, not by one). Consumers read the subject with any JetStream consumer; each
 * item is there once, in order. Until the next run, though, the messages of the crashed commit
 * are visible past the stored checkpoint: `readToCheckpoint` reads only what a checkpoint covers.
 *
 * Either NATS client fits: a connection of `nats` 2.x, or of the modular 3.x client
 * (`@nats-io/transport-node`, with `@nats-io/jetstream` and `@nats-io/kv` installed: they are
 * loaded when the sink first needs them).
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
 * With the modular client, only the connection differs:
 * ```ts
 * import { connect } from '@nats-io/transport-node';
 *
 * const sink = natsSink<ScanCheckpoint>({ nc: await connect({ servers: 'nats://127.0.0.1:4222' }), subject: 'canton.scan.updates', stream: 'CANTON_SCAN' });
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
  let api: Promise<JetStreamApi> | undefined;
  let kv: ReturnType<JetStreamApi['kv']> | undefined;
  // The revision and last sequence of the entry this writer last read or wrote.
  let known: { revision: number; lastSeq: number } | undefined;

  const clients = async () => {
    // A failed attempt (a missing module, a connection closed) is not kept: the next call tries again.
    api ??= jetStreamOf(nc).catch((e) => {
      api = undefined;
      throw e;
    });
    const js = await api;
    kv ??= js.kv(bucket).catch((e) => {
      kv = undefined;
      throw e;
    });
    return { js, kv: await kv };
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

  const load = () =>
    guarded('cannot load the checkpoint', async (): Promise<E.Either<SinkError, StoredCheckpoint<C>>> => {
      const { entry, revision } = await readEntry<C>((await clients()).kv, key);
      known = { revision, lastSeq: entry?.lastSeq ?? 0 };
      return E.right({ checkpoint: entry?.checkpoint, revision });
    });

  /**
   * Something was published on the subject after `lastSeq`: a crashed run of this writer (then
   * they are the very items being published, in order), or another publisher (a conflict). Reads
   * the subject's messages after `lastSeq` (filtered by the server: the stream may hold other
   * subjects) up to its last one, matching them with `pending` by identity; answers how many
   * matched and the sequence of the last.
   */
  const reconcile = async (js: JetStreamApi, pending: ReadonlyArray<{ identity: string }>, lastSeq: number): Promise<{ matched: number; lastSeq: number }> => {
    const last = (await js.lastOfSubject(stream, subject)) ?? 0;
    let matched = 0;
    if (last > lastSeq)
      for await (const m of await js.fetch(stream, subject, lastSeq + 1, Math.min(pending.length, last - lastSeq))) {
        if (m.headers?.get('Nats-Msg-Id') !== pending[matched]?.identity) throw new Fenced(undefined, `the subject holds another item at sequence ${m.seq}`);
        matched++;
        lastSeq = m.seq;
        if (m.seq >= last || matched >= pending.length) break;
      }
    if (matched === 0) throw new Fenced(undefined, 'the subject holds an unexpected sequence');
    return { matched, lastSeq };
  };

  const commit = (items: ReadonlyArray<SinkItem>, checkpoint: C, expected: number): Promise<E.Either<SinkError, number>> =>
    guarded('cannot commit', async () => {
      if (!Number.isSafeInteger(expected) || expected < 0) return E.left(storeFailure(store, `expected revision ${String(expected)} is not a whole number ≥ 0`));
      const { js, kv } = await clients();
      if (known === undefined || known.revision !== expected) {
        const { entry, revision } = await readEntry<C>(kv, key);
        if (revision !== expected) return E.left(checkpointConflict(store, expected, revision, 'the checkpoint moved on'));
        known = { revision, lastSeq: entry?.lastSeq ?? 0 };
      }
      let lastSeq = known.lastSeq;
      const keyed = items.flatMap((item) => {
        const id = itemIdentity(item);
        return id === undefined ? [] : [{ data: encoder.encode(JSON.stringify(item)), identity: id.identity }];
      });
      // Optimistically back to back, so that a page costs one round trip, not one per item:
      // each after the first also expects the stream's last message to be its predecessor
      // (Nats-Expected-Last-Msg-Id), so once one fails every later one fails too and nothing
      // lands after a foreign message. From the first publish that did not land where predicted
      // (a crashed run's leftovers, another subject or publisher), one by one, reconciling.
      const settled = await Promise.allSettled(keyed.map(({ data, identity }, j) => js.publish(subject, data, publishOptions(identity, lastSeq + j, keyed[j - 1]?.identity))));
      let i = 0;
      for (; i < settled.length; i++) {
        const s = settled[i]!;
        if (s.status !== 'fulfilled' || s.value.duplicate || s.value.seq !== lastSeq + 1) break;
        lastSeq++;
      }
      while (i < keyed.length) {
        try {
          const ack = await js.publish(subject, keyed[i]!.data, publishOptions(keyed[i]!.identity, lastSeq));
          // The duplicate window is the stream's: a message of this identity on another subject
          // (a copy of this feed under another name in the same stream) would swallow the item.
          if (ack.duplicate && (await js.subjectAt(stream, ack.seq)) !== subject)
            throw new Fenced(undefined, `the stream holds this item (${keyed[i]!.identity}) on another subject at sequence ${ack.seq}: give each copy of a feed a stream of its own`);
          lastSeq = Math.max(ack.seq, lastSeq);
          i++;
        } catch (e) {
          if (!isWrongLastSequence(e)) throw e;
          const found = await reconcile(js, keyed.slice(i), lastSeq);
          i += found.matched;
          lastSeq = found.lastSeq;
        }
      }
      const value = encoder.encode(JSON.stringify({ checkpoint, lastSeq }));
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
      const { js } = await clients();
      // Another writer of the subject may create the stream or add the subject meanwhile: read
      // again after each change until the stream holds the subject, bounded. (An update replaces
      // the list, so another subject added at the same moment can be lost: see the TSDoc.)
      for (let attempt = 0; attempt < SCHEMA_ATTEMPTS; attempt++) {
        const info = await js.streamInfo(stream);
        const subjects = info?.config.subjects ?? [];
        if (subjects.some((s) => subjectCovers(s, subject))) return E.right(undefined);
        try {
          if (info === undefined) await js.addStream({ name: stream, subjects: [subject], duplicate_window: (options.duplicateWindowMs ?? 120_000) * 1_000_000 });
          else await js.updateStream(stream, { subjects: [...subjects, subject] });
        } catch (e) {
          if (attempt === SCHEMA_ATTEMPTS - 1) throw e;
        }
      }
      return E.left(storeFailure(store, `the stream ${stream} did not take the subject ${subject}`));
    });

  return { load, commit, save: (checkpoint, expected) => commit([], checkpoint, expected), createSchema };
};
