import assert from 'node:assert/strict';
import { builtPackage, measureBundle, sizeCases, type BundleSize } from './bundle';

const KB = 1024;

/** The inputs of a bundle whose path matches, with their bytes (for the failure message). */
const inputsMatching = (size: BundleSize, pattern: RegExp): string[] => [...size.inputs].filter(([path, bytes]) => pattern.test(path) && bytes > 0).map(([path, bytes]) => `${path.replace(/.*dist\/browser\//, '')} (${bytes} B)`);

const gzKb = (size: BundleSize): string => `${(size.gz / KB).toFixed(1)} KB gzipped`;

/**
 * The browser bundle sizes of issue 30, held to ceilings (`npm run bench` part 6 reports them with
 * their largest parts). Bundled with code splitting, as an app's bundler does: the figure held is
 * what the app loads up front (its entry chunk and the chunks that imports statically, each gzipped
 * on its own). The Scan group's methods other than `scan.updates` load the rest of the group
 * (src/scan/scanOnFirstUse.ts: its operations, codecs and other streams) on their first call, and a
 * pool of Scans its code on its first request: chunks fetched then.
 *
 * `createScanClient({ scan })` + `scan.updates` meets its goal, 40 KB (38.3 measured), held at it.
 * `createClient({ scan })` + `scan.updates` does not meet its goal (60 KB): it loads 97.4 KB up
 * front. esbuild loads up front every module that the entry's static imports reach when the bundle
 * holds it at all (evanw/esbuild#3704), and the main entry reaches every codec (its `codecs` and
 * `splice` exports), so what the Scan group loads on first use is loaded with the first chunk all
 * the same; the ledger, validator and registry groups are created with the client. The ceiling is
 * what it measures (scan.activity's typed payloads, issue 30's round, added 6 KB to it).
 */
describe('browser bundle sizes', function () {
  // The package build (three tsc runs) when src/ changed since the last one, then esbuild.
  this.timeout(300_000);

  before(() => builtPackage());

  it('the scan.updates stream alone holds only the operations it calls, in at most 30 KB gzipped', async () => {
    const size = await measureBundle(sizeCases.scanUpdatesStream);
    // Its two operations and the one its telemetry asks for the server's end are there; another
    // Scan operation, or any codec of a schema it does not read, is not.
    assert.match(size.code, /"\/v2\/updates"/);
    assert.match(size.code, /"\/v1\/updates"/);
    assert.match(size.code, /"\/v0\/events\/latest-record-time"/);
    assert.doesNotMatch(size.code, /\/v0\/dso-party-id|"\/v0\/events"|"GetDsoInfoResponse"/);
    assert.deepEqual(inputsMatching(size, /generated\/(ledger|validator)\//), []);
    assert.ok(size.gz <= 30 * KB, `the scan.updates stream bundles to ${gzKb(size)}, over 30 KB`);
  });

  it('a Scan group holds nothing of the ledger, loads no generated Scan codec and no other stream up front, in at most 35 KB gzipped', async () => {
    const size = await measureBundle(sizeCases.scanGroup);
    assert.deepEqual(inputsMatching(size, /generated\/(ledger|validator)\/|streams\/ledger|codecs\/ledger\/(?!JsCantonError)|\/ws\//), []);
    // What its methods load on first use stays out of the first load: the generated codecs, the
    // operations' barrel, the other streams and the backfill.
    assert.deepEqual(inputsMatching(size, /generated\/scan\/(schemas|operations)\.js|streams\/(scanHoldings|scanEvents|scanPageStreams|recordStreams)\.js|backfill\/|scan\/scanOnFirstUse\.js/), []);
    // One chunk loaded on first use, beside the first load's.
    assert.ok(size.all.chunks > 1 && size.all.chunks <= 4, `the Scan group is ${size.all.chunks} chunks`);
    assert.ok(size.gz <= 35 * KB, `a Scan group bundles to ${gzKb(size)} up front, over 35 KB`);
  });

  it("createScanClient({ scan }) + scan.updates from 'canton-rx/scan' holds nothing of the ledger or the validator, in at most 40 KB gzipped up front (the goal)", async () => {
    const size = await measureBundle(sizeCases.scanClient);
    assert.deepEqual(inputsMatching(size, /generated\/(ledger|validator)\/|streams\/ledger|codecs\/ledger\/(?!JsCantonError)|\/ws\/|browser\/(ledger|validator)\//), []);
    // Nor what it loads on first use: the generated codecs, the operations' barrel, the pool (one Scan is configured).
    assert.deepEqual(inputsMatching(size, /generated\/scan\/(schemas|operations)\.js|\/pool\/(?!types\.js)/), []);
    assert.ok(size.gz <= 40 * KB, `createScanClient({ scan }) + scan.updates bundles to ${gzKb(size)} up front, over 40 KB`);
  });

  it('createClient({ scan }) + scan.updates stays under its ceiling of 98 KB gzipped up front (the goal, 60 KB, is not reached)', async () => {
    const size = await measureBundle(sizeCases.client);
    assert.ok(size.gz <= 98 * KB, `createClient({ scan }) + scan.updates bundles to ${gzKb(size)} up front, over 98 KB`);
  });
});
