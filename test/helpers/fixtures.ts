import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir } from './paths';

export { fixtureDir, fixturesDir, projectRoot } from './paths';

/** Reads and parses `test/fixtures/<group>/<file>`. */
export const readFixture = (group: 'ledger' | 'scan' | 'validator', file: string): unknown =>
  JSON.parse(readFileSync(join(fixtureDir(group), file), 'utf8'));

/** The file names of one fixture group that start with a prefix. */
export const listFixtures = (group: 'ledger' | 'scan' | 'validator', prefix = ''): string[] =>
  readdirSync(fixtureDir(group))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort();
