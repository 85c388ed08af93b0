import type { Checkpoint } from './checkpoints.js';

// One map per process, not per copy of the package: an app that loads both the ESM and the CJS
// build (a dependency requires what the app imports) must find the checkpoint either copy recorded.
const KEY = Symbol.for('canton-rx.itemCheckpoints');
const registry = globalThis as { [KEY]?: WeakMap<object, Checkpoint> };

/**
 * The checkpoint of every item a deprecated item stream handed on whose checkpoint the item does
 * not carry (a page token, the synchronizer walked back through, the snapshot of a holding), keyed
 * by the item object itself: the Right of such a stream is the upstream item unchanged. Entries
 * vanish with their items. The page forms carry checkpoints in their records instead.
 * @internal
 */
export const itemCheckpoints: WeakMap<object, Checkpoint> = (registry[KEY] ??= new WeakMap<object, Checkpoint>());
