import type { HoldingsCheckpoint } from './checkpoints.js';

/**
 * The checkpoint of every holdings item a stream handed on, keyed by the item object itself:
 * an ActiveContract does not carry the page token that fetched it, and the Right of the stream
 * is the upstream item unchanged. Entries vanish with their items.
 * @internal
 */
export const holdingsCheckpoints = new WeakMap<object, HoldingsCheckpoint>();
