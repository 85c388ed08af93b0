/**
 * The simulator's only source of randomness: small seeded generators written here, so that the
 * same seed gives the same history on every machine and Node version.
 */

/** A generator of uniformly distributed unsigned 32-bit integers (mulberry32). */
export interface Prng {
  /** The next unsigned 32-bit integer. */
  readonly nextU32: () => number;
  /** A float in [0, 1). */
  readonly next: () => number;
  /** An integer in [0, n). */
  readonly int: (n: number) => number;
  /** One element of a non-empty array. */
  readonly pick: <A>(items: readonly A[]) => A;
  /** True with probability p. */
  readonly chance: (p: number) => boolean;
}

/** mulberry32 (public domain): 32 bits of state, good enough for test data, trivially portable. */
export const mulberry32 = (seed: number): Prng => {
  let state = seed >>> 0;
  const nextU32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextU32() / 4294967296;
  const int = (n: number): number => Math.floor(next() * n);
  return {
    nextU32,
    next,
    int,
    pick: <A>(items: readonly A[]): A => {
      if (items.length === 0) throw new Error('pick from an empty array');
      return items[int(items.length)] as A;
    },
    chance: (p: number): boolean => next() < p,
  };
};

/**
 * A stateless 32-bit hash of a list of strings and numbers (FNV-1a over the UTF-16 code units,
 * then a murmur3 finaliser). Used where a decision must not depend on the order of other
 * decisions, e.g. the fault drawn for the n-th request of one route.
 */
export const hash32 = (...parts: ReadonlyArray<string | number>): number => {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = typeof part === 'number' ? `#${part}` : part;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A uniform float in [0, 1) from a stateless hash. */
export const hashUnit = (...parts: ReadonlyArray<string | number>): number => hash32(...parts) / 4294967296;

/** The numeric seed of a seed option: numbers are used as they are, strings are hashed. */
export const seedNumber = (seed: number | string): number => (typeof seed === 'number' ? seed >>> 0 : hash32('seed', seed));
