/**
 * A NATS JetStream sink for `drainInto` (each item published once and in order, the checkpoint in
 * a key-value bucket), its reader, and a backfill spread over worker processes. Node only.
 *
 * `readToCheckpoint` reads what the sink committed; `publishBackfillSlices` and
 * `runBackfillWorker` share a Scan backfill between processes. It works with either NATS client,
 * both optional peer dependencies: `nats` (2.x), or the modular `@nats-io/transport-node` with
 * `@nats-io/jetstream` and `@nats-io/kv` (3.x). See docs/sinks.md.
 *
 * @packageDocumentation
 * @module canton-rx/nats
 */

export { natsSink } from './natsSink.js';
export type { NatsSink, NatsSinkOptions } from './natsSink.js';
export { publishBackfillSlices } from './publishBackfillSlices.js';
export type { BackfillQueue } from './publishBackfillSlices.js';
export { runBackfillWorker } from './runBackfillWorker.js';
export type { BackfillWorkerOptions, SliceCommitted } from './runBackfillWorker.js';
export { backfillSliceStream } from './backfillSliceStream.js';
export { readToCheckpoint } from './readToCheckpoint.js';
export type { CommittedMessage, ReadToCheckpointOptions } from './readToCheckpoint.js';
export type { NatsConnectionLike } from './jetStreamOf.js';
export type { BackfillConnection } from './backfillConnection.js';
