/**
 * `canton-rx/nats`: a sink that publishes a record stream's items to NATS JetStream, each once
 * and in order, and keeps its checkpoint in a JetStream key-value bucket, for `drainInto`; and
 * `readToCheckpoint`, a reader of what the sink committed. It works with either NATS client, both
 * optional peer dependencies: `nats` (2.x), or the modular `@nats-io/transport-node` with
 * `@nats-io/jetstream` and `@nats-io/kv` (3.x).
 *
 * @packageDocumentation
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
