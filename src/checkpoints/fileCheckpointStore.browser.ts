import * as E from 'fp-ts/lib/Either.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import type { CheckpointStore } from './CheckpointStore.js';
import { storeFailure } from './SinkError.js';

/**
 * In the browser build (scripts/build.mjs puts it in place of fileCheckpointStore.ts): a page has
 * no file system, so the store answers every call with a `StoreFailure` that says so, instead of
 * the bundle failing on `node:fs`. The main entry thereby bundles for a browser as it is, with the
 * same names and types as in Node.
 * @internal
 */
export const fileCheckpointStore = <C extends Checkpoint = Checkpoint>(path: string): CheckpointStore<C> => {
  const unavailable = () => Promise.resolve(E.left(storeFailure(path, 'fileCheckpointStore needs Node (a file system); in a browser keep checkpointOf(item) in localStorage or IndexedDB')));
  return { load: unavailable, save: unavailable };
};
