import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Consume, Contender } from './contenders';

// `npm run bench` runs node without --expose-gc; the flag can still be set at run time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One reader of a history in the comparison, and how many items it must hand on. */
export interface Contestant {
  readonly name: string;
  readonly run: Contender;
  readonly items: number;
}

/**
 * Items per second of each contestant over `rounds` rounds. In each round every contestant reads
 * the whole history once, one after the other, starting with a different one each round, so that
 * the rounds pair them under the same machine state: compare them round by round.
 */
export const pairedRounds = async (
  contestants: ReadonlyArray<Contestant>,
  consume: Consume,
  rounds: number,
  warmups: number,
): Promise<Map<string, number[]>> => {
  const rate = async (c: Contestant): Promise<number> => {
    // Each run starts from a collected heap, so that no run pays for the garbage of the one before.
    collectGarbage();
    const start = performance.now();
    const n = await c.run(consume);
    const seconds = (performance.now() - start) / 1000;
    if (n !== c.items) throw new Error(`${c.name}: expected ${c.items} items, got ${n}`);
    return n / seconds;
  };
  for (let w = 0; w < warmups; w++) for (const c of contestants) await rate(c);
  const rates = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < contestants.length; i++) {
      const c = contestants[(r + i) % contestants.length]!;
      rates.get(c.name)!.push(await rate(c));
    }
  }
  return rates;
};

/** Per round, the rate of `a` over the rate of `b`. */
export const ratios = (rates: Map<string, number[]>, a: string, b: string): number[] => rates.get(a)!.map((x, i) => x / rates.get(b)![i]!);
