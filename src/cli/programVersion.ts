import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version of the installed canton-rx, for `canton-rx --version`: read from the package's own
 * package.json, the first one named `canton-rx` above this file (dist/cjs/cli in a package,
 * .build/src/cli in a clone), so that it never disagrees with what npm installed. `unknown` where
 * there is none (a bundle of the command).
 * @example
 * ```ts
 * program.version(programVersion()); // canton-rx --version prints 0.1.0
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const programVersion = (from: string = typeof __dirname === 'string' ? __dirname : process.cwd()): string => {
  for (let dir = from, up = 0; up < 6; up++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'canton-rx' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No package.json here (or not one of ours): look further up.
    }
  }
  return 'unknown';
};
