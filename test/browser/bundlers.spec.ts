import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { appWith, builtPackage, bundle, type Bundler } from './bundle';

const run = promisify(execFile);

// An app that imports the main entry as a browser app would, and reports what it could do.
const ENTRY = `
import { checkpointOf, createClient, fileCheckpointStore, formatError } from 'canton-rx';

const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' } });
const stream = client.scan.updates({ page_size: 10 });
fileCheckpointStore('scan.checkpoint.json').load().then((loaded) => {
  console.log(JSON.stringify({
    updates: typeof stream.subscribe,
    checkpointOf: typeof checkpointOf,
    formatError: typeof formatError,
    file: loaded._tag === 'Left' ? loaded.left._tag + ': ' + loaded.left.message : 'Right',
  }));
});
`;

describe('the main entry in a browser bundle', function () {
  // The package build (three tsc runs) and three bundlers: tens of seconds on a loaded machine.
  this.timeout(300_000);

  before(() => builtPackage());

  for (const bundler of ['esbuild', 'vite', 'webpack'] as const satisfies readonly Bundler[]) {
    it(`bundles with ${bundler} and no configuration, and the bundle runs`, async () => {
      const app = appWith(ENTRY);
      try {
        const code = await bundle(bundler, app);
        // Node-only modules would have failed the build; cross-fetch's polyfill must not ride along.
        assert.doesNotMatch(code, /["']node:[a-z/]+["']/);
        assert.doesNotMatch(code, /whatwg-fetch|node-fetch/);
        // A browser bundle is a script (esbuild, webpack) or an ES module (Vite): Node runs both, as
        // nothing in it touches the DOM before a subscription.
        // Vite's entry imports its chunks by relative path: the probe runs beside them.
        const file = bundler === 'vite' ? join(app, 'out', 'assets', 'probe.mjs') : join(app, 'probe.js');
        // Vite's modulepreload polyfill looks at the document first: a page says it supports it.
        // webpack's runtime finds where its chunks are (the Scan group's, loaded on first use) from the page's script, and keeps them on `self`.
        const page =
          bundler === 'vite'
            ? 'globalThis.document = { createElement: () => ({ relList: { supports: () => true } }) };\n'
            : bundler === 'webpack'
              ? "globalThis.self = globalThis; globalThis.document = { currentScript: { tagName: 'SCRIPT', src: 'http://127.0.0.1/main.js' } };\n"
              : '';
        writeFileSync(file, page + code);
        const { stdout } = await run(process.execPath, [file], { cwd: app, timeout: 30_000 });
        assert.deepEqual(JSON.parse(stdout), {
          updates: 'function',
          checkpointOf: 'function',
          formatError: 'function',
          file: 'StoreFailure: scan.checkpoint.json: fileCheckpointStore needs Node (a file system); in a browser keep checkpointOf(item) in localStorage or IndexedDB',
        });
      } finally {
        rmSync(app, { recursive: true, force: true });
      }
    });
  }
});
