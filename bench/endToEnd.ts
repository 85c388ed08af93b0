import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Consume, Contender } from './contenders';

// `npm run bench` runs node without --expose-gc; the flag can still be set at run time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * CPU time of this process's main thread so far, in ms (Linux: /proc, in clock ticks of 10 ms;
 * `undefined` elsewhere). `process.cpuUsage` counts every thread, so it cannot tell a reader
 * that moves work to another thread (workerFetch) from one that does less.
 */
export const mainThreadCpuMs = (): number | undefined => {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};

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
  /** When given, each run's main-thread CPU (ms, see `mainThreadCpuMs`) is added here by name. */
  threadCpu?: Map<string, number[]>,
): Promise<Map<string, number[]>> => {
  const rate = async (c: Contestant, counted = true): Promise<number> => {
    // Each run starts from a collected heap, so that no run pays for the garbage of the one before.
    collectGarbage();
    const cpu0 = mainThreadCpuMs();
    const start = performance.now();
    const n = await c.run(consume);
    const seconds = (performance.now() - start) / 1000;
    const cpu1 = mainThreadCpuMs();
    if (counted && threadCpu !== undefined && cpu0 !== undefined && cpu1 !== undefined) threadCpu.set(c.name, [...(threadCpu.get(c.name) ?? []), cpu1 - cpu0]);
    if (n !== c.items) throw new Error(`${c.name}: expected ${c.items} items, got ${n}`);
    return n / seconds;
  };
  for (let w = 0; w < warmups; w++) for (const c of contestants) await rate(c, false);
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
