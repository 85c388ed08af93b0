import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The project root, found from this file whether it runs from test/ or from the compiled .build/test/. */
export const projectRoot = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
})();

/** ../shared/fixtures, beside the project (also in CI). */
export const fixturesDir = resolve(projectRoot, '..', 'shared', 'fixtures');

/** Reads and parses `../shared/fixtures/<group>/<file>`. */
export const readFixture = (group: 'ledger' | 'scan' | 'validator', file: string): unknown =>
  JSON.parse(readFileSync(join(fixturesDir, group, file), 'utf8'));

/** The file names of one fixture group that start with a prefix. */
export const listFixtures = (group: 'ledger' | 'scan' | 'validator', prefix = ''): string[] =>
  readdirSync(join(fixturesDir, group))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort();
