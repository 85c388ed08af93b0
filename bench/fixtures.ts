import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, seen from the compiled bench in `.build/bench/`. */
export const repositoryRoot = resolve(__dirname, '..', '..');

/** The MainNet `/v2/updates` pages of test/fixtures/scan, as compact JSON (some files are pretty-printed; Scan sends compact bytes). */
export const mainNetPages = (): Array<{ name: string; text: string }> => {
  const dir = join(repositoryRoot, 'test', 'fixtures', 'scan');
  return readdirSync(dir)
    .filter((f) => /^v2-updates__(JosefinHao|syed)/.test(f))
    .sort()
    .map((f) => ({ name: f, text: JSON.stringify(JSON.parse(readFileSync(join(dir, f), 'utf8'))) }));
};
