import Module from 'node:module';

/**
 * Runs `run` as if the packages `names` were not installed: resolving them (or a path inside
 * them) fails with MODULE_NOT_FOUND, as Node says it. The compiled tests are CommonJS, so a
 * dynamic `import()` of the code under test goes through `require` and meets this too, also for a
 * package loaded before. Restored when `run` settles.
 */
export const withoutModules = async <A>(names: ReadonlyArray<string>, run: () => Promise<A>): Promise<A> => {
  const m = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = m._resolveFilename;
  m._resolveFilename = function (request: string, ...rest: unknown[]) {
    if (names.some((n) => request === n || request.startsWith(`${n}/`))) {
      const e = new Error(`Cannot find module '${request}'`) as Error & { code: string };
      e.code = 'MODULE_NOT_FOUND';
      throw e;
    }
    return original.call(this, request, ...rest);
  };
  // Node answers a module already loaded from the same parent without resolving it again: take
  // the packages' files out of the cache for the run, and put them back after.
  const cache = require.cache;
  const held = Object.keys(cache).filter((file) => names.some((n) => file.includes(`/node_modules/${n}/`)));
  const saved = held.map((file) => [file, cache[file]] as const);
  for (const file of held) delete cache[file];
  try {
    return await run();
  } finally {
    m._resolveFilename = original;
    for (const [file, mod] of saved) cache[file] = mod;
  }
};
