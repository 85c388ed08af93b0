import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { projectRoot } from '../helpers/paths';

/**
 * One way to reach each endpoint: its descriptor (src/generated). A path written anywhere else
 * is a second way that the next upstream change forgets, so src/ holds no path literal outside
 * src/generated; the testkit (the simulated servers) serves the paths and is the other side.
 */
const EXEMPT: ReadonlyArray<{ readonly path: RegExp; readonly why: string }> = [
  { path: /^generated\//, why: 'the descriptors' },
  { path: /^testkit\//, why: 'the simulated servers route requests by path' },
];

/** An API path: `/v2/...`, `/v0/...`, one whose version is interpolated (`/${version}/updates`), or the health routes. */
const API_PATH = /^\/(v\d+(\/|$)|\$\{[^}]*\}\/|livez$|readyz$)/;

/**
 * The string and template literals of a TypeScript source that start with an API path, with
 * their line; comments are skipped (they may name paths).
 */
export const pathLiterals = (text: string): Array<{ line: number; literal: string }> => {
  const out: Array<{ line: number; literal: string }> = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const start = line;
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') line++;
        j++;
      }
      const literal = text.slice(i + 1, j);
      if (API_PATH.test(literal)) out.push({ line: start, literal });
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
};

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourcesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('path literals', () => {
  it('src/ spells no API path outside the generated descriptors', () => {
    const src = join(projectRoot, 'src');
    const found = sourcesUnder(src).flatMap((file) => {
      const rel = relative(src, file).split(sep).join('/');
      if (EXEMPT.some((e) => e.path.test(rel))) return [];
      return pathLiterals(readFileSync(file, 'utf8')).map((p) => `${rel}:${p.line} '${p.literal}'`);
    });
    assert.deepEqual(found, []);
  });

  it('finds a path in any kind of literal, and none in comments or other strings', () => {
    const text = [
      `send(transport, { method: 'GET', path: '/v0/dso-party-id' });`,
      'const p = `/v2/users/${id}`; const q = `/${version}/updates`;',
      `const live = "/livez";`,
      `// GET '/v0/scans' in a comment`,
      `/** \`/v2/updates\` in a doc comment */`,
      `const url = 'https://example.com/v2/updates'; const q = 'a/b';`,
    ].join('\n');
    assert.deepEqual(pathLiterals(text), [
      { line: 1, literal: '/v0/dso-party-id' },
      { line: 2, literal: '/v2/users/${id}' },
      { line: 2, literal: '/${version}/updates' },
      { line: 3, literal: '/livez' },
    ]);
  });
});
