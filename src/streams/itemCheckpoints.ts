import type { Checkpoint } from './checkpoints.js';

/**
 * The checkpoint of every item a stream handed on whose checkpoint the item does not carry (a
 * page token, the synchronizer walked back through), keyed by the item object itself: the
 * Right of a stream is the upstream item unchanged. Entries vanish with their items.
 * @internal
 */
export const itemCheckpoints = new WeakMap<object, Checkpoint>();
