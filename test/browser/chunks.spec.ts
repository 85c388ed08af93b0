import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appWith, builtPackage } from './bundle';

// The tests compile to CommonJS, where import() becomes require(): the bundle is ES modules.
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

// An app that reads Scan with a method the Scan group loads on first use, bundled with code splitting.
const ENTRY = `
import { createScanClient } from 'canton-rx/scan';
export const dsoPartyId = (url) =>
  new Promise((resolve, reject) => createScanClient({ scan: { url } }).scan.getDsoPartyId().subscribe({ next: resolve, error: (e) => reject(e) }));
`;

/**
 * The chunks of a browser bundle run: a method loaded on first use fetches its chunk at subscribe
 * and answers as before; a chunk that cannot be loaded is the Observable's error, not a Left
 * (docs/browser.md, "Size"). The bundle is esbuild's with code splitting, run by Node as the ES
 * modules it is, against a Scan on 127.0.0.1.
 */
describe('a browser bundle split into chunks', function () {
  this.timeout(300_000);
  let server: Server;
  let url: string;
  let asked: string[];

  before(async () => {
    await builtPackage();
    asked = [];
    server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dso_party_id: 'DSO::1220ab' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const build = async (): Promise<string> => {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    const app = appWith(ENTRY);
    await esbuild.build({ entryPoints: [join(app, 'main.js')], bundle: true, minify: true, format: 'esm', splitting: true, platform: 'browser', outdir: join(app, 'out'), logLevel: 'silent' });
    // Node reads .js as ES modules where a package.json says so (a browser, where the page's script says type="module").
    writeFileSync(join(app, 'out', 'package.json'), '{"type":"module"}\n');
    return join(app, 'out');
  };
  // The chunk that holds the operation (not the app's entry): what the first call fetches.
  const operationChunk = (out: string): string => {
    const chunks = readdirSync(out).filter((f) => f.endsWith('.js') && f !== 'main.js' && readFileSync(join(out, f), 'utf8').includes('"/v0/dso-party-id"'));
    assert.equal(chunks.length, 1, `one chunk holds the operation: ${chunks.join(', ')}`);
    return chunks[0]!;
  };

  it('fetches the Scan group chunk on the first call and answers as before', async () => {
    const out = await build();
    try {
      assert.doesNotMatch(readFileSync(join(out, 'main.js'), 'utf8'), /"\/v0\/dso-party-id"/);
      operationChunk(out);
      const app = (await importModule(pathToFileURL(join(out, 'main.js')).href)) as { dsoPartyId: (url: string) => Promise<unknown> };
      asked.length = 0;
      assert.deepEqual(await app.dsoPartyId(url), { _tag: 'Right', right: { dso_party_id: 'DSO::1220ab' } });
      assert.deepEqual(asked, ['GET /api/scan/v0/dso-party-id']);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });

  it('a chunk that cannot be loaded is the Observable error, and nothing is sent', async () => {
    const out = await build();
    try {
      rmSync(join(out, operationChunk(out)));
      const app = (await importModule(pathToFileURL(join(out, 'main.js')).href)) as { dsoPartyId: (url: string) => Promise<unknown> };
      asked.length = 0;
      await assert.rejects(app.dsoPartyId(url), (e: Error) => /Cannot find module|ERR_MODULE_NOT_FOUND|Failed to/.test(String(e)));
      assert.deepEqual(asked, []);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });
});
