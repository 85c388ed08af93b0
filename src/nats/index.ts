/**
 * `canton-rx/nats`: a sink that publishes a record stream's items to NATS JetStream, each once
 * and in order, and keeps its checkpoint in a JetStream key-value bucket, for `drainInto`. It
 * needs the `nats` client (2.x, an optional peer dependency).
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
