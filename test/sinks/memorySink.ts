import * as E from 'fp-ts/lib/Either.js';
import { checkpointConflict } from '../../src/checkpoints/SinkError';
import type { Checkpoint } from '../../src/streams/checkpoints';
import type { Sink, SinkItem } from '../../src/sinks/Sink';

/** A sink in memory for the tests of drainInto: it records each commit and can be made to wait. */
export const memorySink = <C extends Checkpoint, I = SinkItem>() => {
  const state = { items: [] as I[], checkpoint: undefined as C | undefined, revision: 0, commits: [] as Array<{ items: number; checkpoint: C }> };
  let gate: Promise<void> = Promise.resolve();
  const sink: Sink<C, I> = {
    load: async () => E.right({ checkpoint: state.checkpoint, revision: state.revision }),
    save: (checkpoint, expected) => sink.commit([], checkpoint, expected),
    commit: async (items, checkpoint, expected) => {
      await gate;
      if (expected !== state.revision) return E.left(checkpointConflict('memory', expected, state.revision, 'the checkpoint moved on'));
      state.items.push(...items);
      state.checkpoint = checkpoint;
      state.revision++;
      state.commits.push({ items: items.length, checkpoint });
      return E.right(state.revision);
    },
  };
  return { sink, state, hold: (p: Promise<void>) => (gate = p) };
};
