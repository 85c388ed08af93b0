import type { Checkpoint } from '../streams/checkpoints.js';
import type { JetStreamApi } from './jetStreamOf.js';

/** What the bucket holds per key: the checkpoint and the stream sequence of the last item published under it. @internal */
export interface Entry<C extends Checkpoint> {
  readonly checkpoint: C;
  readonly lastSeq: number;
}

/**
 * The entry of `key` in the checkpoints bucket and its revision (0 and no entry when the key was
 * never written; a deleted key keeps its revision). Shared by the sink and `readToCheckpoint`. @internal
 */
export const readEntry = async <C extends Checkpoint>(kv: Awaited<ReturnType<JetStreamApi['kv']>>, key: string): Promise<{ entry: Entry<C> | undefined; revision: number }> => {
  const e = await kv.get(key);
  if (e === null || e.operation !== 'PUT' || e.value.length === 0) return { entry: undefined, revision: e?.revision ?? 0 };
  return { entry: JSON.parse(new TextDecoder().decode(e.value)) as Entry<C>, revision: e.revision };
};
