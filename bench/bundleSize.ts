/**
 * Part 6 of npm run bench: the size of a browser app's bundle of canton-rx, minified (esbuild)
 * and gzipped (level 9), for the goal of issue 21: `createClient({ scan })` + `scan.updates` at
 * most 40 KB gzipped, with the whole main entry beside it. Reported, never asserted.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appWith, builtPackage } from '../test/browser/bundle';
import { projectRoot } from '../test/helpers/paths';

const KB = 1024;

interface Case {
  readonly name: string;
  readonly entry: string;
  /** Leave node: modules out, as the Node ES module build needs them (what a browser app got before the browser build). */
  readonly nodeBuild?: boolean;
  readonly goalKb?: number;
}

const browserBuild = join(projectRoot, 'dist', 'browser');

const cases: Case[] = [
  {
    name: 'createClient({ scan }) + scan.updates',
    entry: "import { createClient } from 'canton-rx';\ncreateClient({ scan: { url: location.origin + '/api/scan' } }).scan.updates({ page_size: 100 }).subscribe((r) => console.log(r));\n",
    goalKb: 40,
  },
  {
    name: '  the same from the Node ES module build (before)',
    entry: `import { createClient } from '${join(projectRoot, 'dist', 'esm', 'index.js')}';\ncreateClient({ scan: { url: location.origin + '/api/scan' } }).scan.updates({ page_size: 100 }).subscribe((r) => console.log(r));\n`,
    nodeBuild: true,
  },
  { name: 'the whole main entry (export * from canton-rx)', entry: "export * from 'canton-rx';\n" },
  {
    name: 'for comparison: the Scan group alone (not an entry point)',
    entry:
      `import { createScanGroup } from '${browserBuild}/scan/createScanGroup.js';\nimport { createTransport } from '${browserBuild}/client/createTransport.js';\n` +
      "createScanGroup(createTransport('scan', { url: location.origin + '/api/scan' }, { fetch: fetch.bind(globalThis), timeoutMs: 30000, maxResponseBytes: 1 << 26, configIssues: [] })).updates({ page_size: 100 }).subscribe((r) => console.log(r));\n",
  },
];

/** Bytes of the minified bundle and of its gzip, and the largest inputs (minified bytes). */
const measure = async (c: Case): Promise<{ min: number; gz: number; top: Array<[string, number]> }> => {
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  const app = appWith(c.entry);
  try {
    const out = await esbuild.build({
      entryPoints: [join(app, 'main.js')],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      platform: 'browser',
      ...(c.nodeBuild === true ? { external: ['node:*'] } : {}),
    });
    const code = out.outputFiles[0]!.contents;
    const groups = new Map<string, number>();
    for (const [path, input] of Object.entries(Object.values(out.metafile.outputs)[0]!.inputs)) {
      const key = path.includes('node_modules/') ? path.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : path.replace(/.*dist\/(browser|esm)\/([^/]+)\/.*/, 'src/$2');
      groups.set(key, (groups.get(key) ?? 0) + input.bytesInOutput);
    }
    return { min: code.length, gz: gzipSync(code, { level: 9 }).length, top: [...groups].sort((a, b) => b[1] - a[1]).slice(0, 6) };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
};

export const benchBundleSize = async (): Promise<void> => {
  console.log('\n6. browser bundle sizes (esbuild --bundle --minify --platform=browser, gzip -9; goal: createClient({ scan }) + scan.updates <= 40 KB gzipped)');
  await builtPackage();
  for (const c of cases) {
    const { min, gz, top } = await measure(c);
    const verdict = c.goalKb === undefined ? '' : gz <= c.goalKb * KB ? ' (goal met)' : ` (GOAL MISSED: ${c.goalKb} KB)`;
    console.log(`   ${c.name.padEnd(58)} ${(min / KB).toFixed(1).padStart(6)} KB minified ${(gz / KB).toFixed(1).padStart(6)} KB gzipped${verdict}`);
    console.log(`     largest parts (minified KB): ${top.map(([k, v]) => `${k} ${(v / KB).toFixed(1)}`).join(', ')}`);
  }
};
