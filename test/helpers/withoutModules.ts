import Module from 'node:module';

/**
 * Runs `run` as if the packages `names` were not installed: resolving them (or a path inside
 * them) fails with MODULE_NOT_FOUND, as Node says it. The compiled tests are CommonJS, so a
 * dynamic `import()` of the code under test goes through `require` and meets this too. Restored
 * when `run` settles.
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
  try {
    return await run();
  } finally {
    m._resolveFilename = original;
  }
};
