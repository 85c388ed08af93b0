import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { projectRoot } from './helpers/fixtures';

/**
 * Layers import one way. Retry sits below the streams (paged, and the WebSocket ones in ws/) (which retry pages) and the operators
 * (which export it); the streams sit below the operators (mergeFeeds reads streams) and below the
 * checkpoint stores and sinks, which sit below the engines' adapters. A cycle
 * between folders compiles, but it makes the load order fragile and the layers meaningless.
 */
const forbidden: Record<string, ReadonlyArray<string>> = {
  errors: ['retry', 'streams', 'operators', 'ws'],
  http: ['retry', 'streams', 'operators', 'ws'],
  codecs: ['retry', 'streams', 'operators', 'ws'],
  validation: ['retry', 'streams', 'operators', 'ws'],
  time: ['retry', 'streams', 'operators', 'ws'],
  retry: ['streams', 'operators', 'ledger', 'scan', 'validator', 'client', 'ws'],
  streams: ['operators', 'ledger', 'scan', 'validator', 'checkpoints', 'sinks', 'postgres', 'nats', 'ws'],
  // The WebSocket streams sit beside the paged ones (they reuse their checkpoints and retry), below the groups.
  ws: ['operators', 'ledger', 'scan', 'validator', 'checkpoints', 'sinks', 'postgres', 'nats', 'pool'],
  // The sinks sit above the streams; the engine adapters (subpath exports) above the sinks.
  checkpoints: ['sinks', 'postgres', 'nats', 'operators'],
  sinks: ['postgres', 'nats'],
};

/** The command line (src/cli) sits on top of everything: nothing else imports it. */
const TOP = 'cli';

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourcesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** The top folder under src/ of a file given relative to src/ ('' for src/index.ts). */
const layerOf = (fromSrc: string): string => (fromSrc.includes('/') ? fromSrc.slice(0, fromSrc.indexOf('/')) : '');

const violations = (src: string): string[] => {
  const out: string[] = [];
  for (const file of sourcesUnder(src)) {
    const from = relative(src, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/g)) {
      const to = posix.normalize(posix.join(posix.dirname(from), m[1]!));
      if ((forbidden[layerOf(from)] ?? []).includes(layerOf(to))) out.push(`${from} imports ${to}`);
      if (layerOf(to) === TOP && layerOf(from) !== TOP) out.push(`${from} imports ${to}`);
    }
  }
  return out;
};

/** Files outside src/cli that import the argument parser, a dependency of the command line only. */
const commanderOutsideCli = (src: string): string[] =>
  sourcesUnder(src)
    .map((file) => relative(src, file).split(sep).join('/'))
    .filter((from) => layerOf(from) !== TOP && /\bfrom\s+'commander'|\brequire\('commander'\)|\bimport\('commander'\)/.test(readFileSync(join(src, from), 'utf8')));

describe('layers', () => {
  it('no folder of src/ imports a folder above it', () => {
    assert.deepEqual(violations(join(projectRoot, 'src')), []);
  });

  it('only the command line imports commander: the library does not depend on it', () => {
    assert.deepEqual(commanderOutsideCli(join(projectRoot, 'src')), []);
  });
});
