/**
 * Part 6 of npm run bench: the size of a browser app's bundle of canton-rx, minified (esbuild)
 * and gzipped (level 9), for the goals of issue 30: `createScanClient({ scan })` + `scan.updates`
 * (`canton-rx/scan`) at most 40 KB gzipped, the main entry's `createClient({ scan })` +
 * `scan.updates` at most 60 KB, with the whole main entry beside them, and what the client's bundle is made of
 * (a Scan group alone, one stream alone: what tree-shaking leaves). Bundled with code splitting,
 * as an app's bundler does: the figure is what the app loads up front (its entry chunk and what
 * that imports statically); the operations and streams a group loads on first use are chunks of
 * their own, fetched when called, counted in "every chunk". Reported here; the ceilings are held
 * by test/browser/bundleSize.spec.ts. Alone: `BENCH_PARTS=6 npm run bench`.
 */
import { builtPackage, measureBundle, sizeCases } from '../test/browser/bundle';

const KB = 1024;

interface Case {
  readonly name: string;
  readonly entry: string;
  readonly nodeBuild?: boolean;
  readonly goalKb?: number;
}

const cases: Case[] = [
  { name: 'createClient({ scan }) + scan.updates', entry: sizeCases.client, goalKb: 60 },
  { name: '  the same from the Node ES module build (before)', entry: sizeCases.clientFromNodeBuild, nodeBuild: true },
  { name: "createScanClient({ scan }) + scan.updates ('canton-rx/scan')", entry: sizeCases.scanClient, goalKb: 40 },
  { name: 'the whole main entry (export * from canton-rx)', entry: sizeCases.wholeLibrary },
  { name: 'for comparison: a Scan group alone (not an entry point)', entry: sizeCases.scanGroup },
  { name: 'for comparison: the scan.updates stream alone', entry: sizeCases.scanUpdatesStream },
];

/** An input's part of the bundle: a package under node_modules, else the folder of src/ it was built from. */
const partOf = (path: string): string =>
  path.includes('node_modules/') ? path.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : path.replace(/.*dist\/(browser|esm)\/(generated\/[^/]+|[^/]+)\/.*/, 'src/$2');

export const benchBundleSize = async (): Promise<void> => {
  console.log('\n6. browser bundle sizes (esbuild --bundle --minify --splitting --platform=browser, gzip -9 per chunk; goals: loaded up front, createScanClient <= 40 KB, createClient <= 60 KB)');
  await builtPackage();
  for (const c of cases) {
    const { min, gz, all, inputs } = await measureBundle(c.entry, c.nodeBuild === true ? { nodeBuild: true } : {});
    const parts = new Map<string, number>();
    for (const [path, bytes] of inputs) parts.set(partOf(path), (parts.get(partOf(path)) ?? 0) + bytes);
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const verdict = c.goalKb === undefined ? '' : gz <= c.goalKb * KB ? ' (goal met)' : ` (GOAL MISSED: ${c.goalKb} KB)`;
    console.log(`   ${c.name.padEnd(58)} ${(min / KB).toFixed(1).padStart(6)} KB minified ${(gz / KB).toFixed(1).padStart(6)} KB gzipped up front${verdict}`);
    console.log(`     every chunk (${all.chunks}): ${(all.min / KB).toFixed(1)} KB minified, ${(all.gz / KB).toFixed(1)} KB gzipped`);
    console.log(`     largest parts up front (minified KB): ${top.map(([k, v]) => `${k} ${(v / KB).toFixed(1)}`).join(', ')}`);
  }
};
