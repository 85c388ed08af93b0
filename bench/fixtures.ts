import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, seen from the compiled bench in `.build/bench/`. */
export const repositoryRoot = resolve(__dirname, '..', '..');

/**
 * The MainNet `/v2/updates` pages: from test/fixtures/scan, or from ../shared/fixtures/scan
 * while the fixtures have not been copied into the repository yet (the bench only).
 */
export const mainNetPages = (): Array<{ name: string; text: string }> => {
  const own = join(repositoryRoot, 'test', 'fixtures', 'scan');
  const dir = existsSync(own) ? own : resolve(repositoryRoot, '..', 'shared', 'fixtures', 'scan');
  return readdirSync(dir)
    .filter((f) => /^v2-updates__(JosefinHao|syed)/.test(f))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
};
