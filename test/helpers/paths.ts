import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

/** test/fixtures: the recorded payloads the repository keeps (provenance in test/fixtures/INDEX.md). */
export const fixturesDir = join(projectRoot, 'test', 'fixtures');

/** The folder of one fixture group, for the tests and the bench alike. */
export const fixtureDir = (group: 'ledger' | 'scan' | 'validator'): string => join(fixturesDir, group);
