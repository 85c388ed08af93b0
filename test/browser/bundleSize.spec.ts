import assert from 'node:assert/strict';
import { builtPackage, measureBundle, sizeCases, type BundleSize } from './bundle';

const KB = 1024;

/** The inputs of a bundle whose path matches, with their bytes (for the failure message). */
const inputsMatching = (size: BundleSize, pattern: RegExp): string[] => [...size.inputs].filter(([path, bytes]) => pattern.test(path) && bytes > 0).map(([path, bytes]) => `${path.replace(/.*dist\/browser\//, '')} (${bytes} B)`);

const gzKb = (size: BundleSize): string => `${(size.gz / KB).toFixed(1)} KB gzipped`;

/**
 * The browser bundle sizes of issue 21, held to ceilings (`npm run bench` part 6 reports them with
 * their largest parts). The goal, `createClient({ scan })` + `scan.updates` at most 40 KB gzipped,
 * is not reached: `client.scan` is one object of every Scan method, so a bundle that reaches it
 * holds the whole Scan group (the ceiling below), and the main entry's client holds the ledger and
 * validator groups too (`canton-rx/scan`'s client does not). What tree-shaking can drop is dropped
 * and held here: a stream bundles only the descriptors and codecs it reads, a Scan group nothing
 * of the ledger's. Issue 31's trace context and HTTP span attributes (telemetry), the paging's
 * tail read (issue 30) and a browser's network error that names CORS grew the Scan bundles by
 * about 0.5 to 3 KB, the ledger group's token history parser (issue 27) and the registry's
 * conditional-lock operations the main entry's by about 15 KB: the ceilings were raised to what
 * they measure (issue 30's bundle row stays open).
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

  it('a Scan group holds nothing of the ledger, in at most 50 KB gzipped', async () => {
    const size = await measureBundle(sizeCases.scanGroup);
    assert.deepEqual(inputsMatching(size, /generated\/(ledger|validator)\/|streams\/ledger|codecs\/ledger\/(?!JsCantonError)|\/ws\//), []);
    assert.ok(size.gz <= 50 * KB, `a Scan group bundles to ${gzKb(size)}, over 50 KB`);
  });

  it("createScanClient({ scan }) + scan.updates from 'canton-rx/scan' holds nothing of the ledger or the validator, in at most 59 KB gzipped", async () => {
    const size = await measureBundle(sizeCases.scanClient);
    assert.deepEqual(inputsMatching(size, /generated\/(ledger|validator)\/|streams\/ledger|codecs\/ledger\/(?!JsCantonError)|\/ws\/|browser\/(ledger|validator)\//), []);
    assert.ok(size.gz <= 59 * KB, `createScanClient({ scan }) + scan.updates bundles to ${gzKb(size)}, over 59 KB`);
  });

  it('createClient({ scan }) + scan.updates stays under its ceiling of 94 KB gzipped (the goal, 40 KB, is not reached)', async () => {
    const size = await measureBundle(sizeCases.client);
    assert.ok(size.gz <= 94 * KB, `createClient({ scan }) + scan.updates bundles to ${gzKb(size)}, over 94 KB`);
  });
});
