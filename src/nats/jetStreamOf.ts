/**
 * A connection of either NATS client for JavaScript: `connect()` of `nats` (2.x), or of
 * `@nats-io/transport-node` (3.x, the modular client, used with `@nats-io/jetstream` and
 * `@nats-io/kv`). Typed by what both have, so that canton-rx's types need neither package.
 * @example
 * ```ts
 * import type { NatsConnectionLike } from 'canton-rx/nats';
 * import { connect } from '@nats-io/transport-node';
 *
 * const nc: NatsConnectionLike = await connect({ servers: 'nats://127.0.0.1:4222' });
 * ```
 * @category Sinks
 * @since 0.4.0
 */
export interface NatsConnectionLike {
  // `any`: the two clients' own signatures (payload and options types) must fit as they are.
  /** Sends a request and waits for the reply (both clients have it; the sink goes through JetStream). */
  request(subject: string, payload?: any, opts?: any): Promise<unknown>;
}

/** A message a consumer fetched (both clients). @internal */
export interface FetchedMessage {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly headers?: { get(k: string): string };
}

/** A key-value entry (both clients). @internal */
interface KvEntry {
  readonly operation: string;
  readonly value: Uint8Array;
  readonly revision: number;
}

/** What the sink and the reader need of JetStream, the same over both clients. @internal */
export interface JetStreamApi {
  /** Publishes; `duplicate`: the stream already held a message of this `msgID` (within its duplicate window), at `seq`. */
  publish(subject: string, data: Uint8Array, opts: { msgID: string; expect: { lastSubjectSequence: number; lastMsgID?: string } }): Promise<{ seq: number; duplicate: boolean }>;
  /** The stream's configuration and state, or undefined when there is no such stream. */
  streamInfo(stream: string): Promise<{ config: { subjects?: string[] }; state: { last_seq: number } } | undefined>;
  addStream(config: { name: string; subjects: string[]; duplicate_window: number }): Promise<unknown>;
  updateStream(stream: string, config: { subjects: string[] }): Promise<unknown>;
  /** The sequence of the subject's last message in the stream, or undefined when it has none. */
  lastOfSubject(stream: string, subject: string): Promise<number | undefined>;
  /** The subject of the message at `seq`, or undefined when there is none. */
  subjectAt(stream: string, seq: number): Promise<string | undefined>;
  kv(bucket: string): Promise<{
    get(key: string): Promise<KvEntry | null>;
    create(key: string, value: Uint8Array): Promise<number>;
    update(key: string, value: Uint8Array, version: number): Promise<number>;
  }>;
  /** Fetches up to `max` messages of `subject` from `seq` on, in order (an ordered consumer; fewer at the end). */
  fetch(stream: string, subject: string, seq: number, max: number): Promise<AsyncIterable<FetchedMessage>>;
}

/** The parts of the 2.x connection used here. */
interface ConnectionV2 {
  jetstream(): ClientLike;
  jetstreamManager(): Promise<ManagerLike>;
}

interface ClientLike {
  publish(subject: string, data: Uint8Array, opts: object): Promise<{ seq: number; duplicate: boolean }>;
  consumers: { get(stream: string, opts: object): Promise<{ fetch(opts: object): Promise<AsyncIterable<FetchedMessage>> }> };
  views?: { kv(bucket: string, opts: object): Promise<Awaited<ReturnType<JetStreamApi['kv']>>> };
}

interface ManagerLike {
  streams: {
    info(stream: string): Promise<{ config: { subjects?: string[] }; state: { last_seq: number } }>;
    add(config: object): Promise<unknown>;
    update(stream: string, config: object): Promise<unknown>;
    getMessage(stream: string, query: { last_by_subj: string } | { seq: number }): Promise<{ seq: number; subject: string } | null>;
  };
}

const isNotFound = (e: unknown): boolean => {
  const err = e as { api_error?: { code?: number }; status?: unknown; code?: unknown; message?: unknown } | null;
  return err?.api_error?.code === 404 || err?.status === 404 || err?.code === '404' || (typeof err?.message === 'string' && /not found/i.test(err.message));
};

/** A missing module, said the way both module systems say it. */
const isModuleMissing = (e: unknown): boolean => ['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND'].includes(String((e as { code?: unknown } | null)?.code));

/**
 * The modular client's JetStream and key-value parts, loaded only for a connection of the modular
 * client (they are optional peer dependencies); their absence is said plainly.
 */
interface Modular {
  jetstream(nc: unknown): ClientLike;
  jetstreamManager(nc: unknown): Promise<ManagerLike>;
  Kvm: new (nc: unknown) => { create(bucket: string, opts: object): Promise<Awaited<ReturnType<JetStreamApi['kv']>>> };
}

const modular = async (): Promise<Modular> => {
  try {
    const [js, kv] = await Promise.all([import('@nats-io/jetstream'), import('@nats-io/kv')]);
    // Seen through the parts used here (the connection is the caller's, typed by what both clients have).
    return { jetstream: js.jetstream, jetstreamManager: js.jetstreamManager, Kvm: kv.Kvm } as unknown as Modular;
  } catch (e) {
    if (isModuleMissing(e)) throw new Error('a connection of @nats-io/transport-node needs @nats-io/jetstream and @nats-io/kv: npm install @nats-io/jetstream @nats-io/kv');
    throw e;
  }
};

/**
 * JetStream over the connection's own client: a connection with `jetstream()` is of `nats` 2.x,
 * any other of the modular 3.x client, whose JetStream and key-value modules are loaded here.
 * Both are driven through the same calls (publish options `msgID` and `expect`, the stream
 * manager, an ordered consumer, the key-value bucket); only how they are reached and how a missing
 * message is answered differ. @internal
 */
export const jetStreamOf = async (nc: NatsConnectionLike): Promise<JetStreamApi> => {
  let js: ClientLike;
  let jsm: ManagerLike;
  let kv: (bucket: string) => Promise<Awaited<ReturnType<JetStreamApi['kv']>>>;
  if (typeof (nc as Partial<ConnectionV2>).jetstream === 'function') {
    const v2 = nc as unknown as ConnectionV2;
    js = v2.jetstream();
    jsm = await v2.jetstreamManager();
    kv = (bucket) => js.views!.kv(bucket, { history: 1 });
  } else {
    const m = await modular();
    js = m.jetstream(nc);
    jsm = await m.jetstreamManager(nc);
    kv = (bucket) => new m.Kvm(nc).create(bucket, { history: 1 });
  }
  const getMessage = async (stream: string, query: { last_by_subj: string } | { seq: number }) => {
    try {
      // 2.x throws on a missing message, 3.x answers null.
      return (await jsm.streams.getMessage(stream, query)) ?? undefined;
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  };
  return {
    publish: (subject, data, opts) => js.publish(subject, data, opts),
    streamInfo: async (stream) => {
      try {
        return await jsm.streams.info(stream);
      } catch (e) {
        if (isNotFound(e)) return undefined;
        throw e;
      }
    },
    addStream: (config) => jsm.streams.add(config),
    updateStream: async (stream, config) => jsm.streams.update(stream, { ...(await jsm.streams.info(stream)).config, ...config }),
    lastOfSubject: async (stream, subject) => (await getMessage(stream, { last_by_subj: subject }))?.seq,
    subjectAt: async (stream, seq) => (await getMessage(stream, { seq }))?.subject,
    kv,
    fetch: async (stream, subject, seq, max) => {
      // The filter under both clients' names (2.x filterSubjects, 3.x filter_subjects); a string
      // gives the consumer's single filter_subject, which servers before 2.10 take too.
      const consumer = await js.consumers.get(stream, { filterSubjects: subject, filter_subjects: subject, deliver_policy: 'by_start_sequence', opt_start_seq: seq });
      return consumer.fetch({ max_messages: max, expires: 1_000 });
    },
  };
};
