import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Subject } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { ValidatorLicensesCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { Contract } from '../../src/codecs/splice/Contract';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Obj = Record<string, unknown>;

describe('scan.validatorLicenses (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let whole: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'scan-licences', updates: 200 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    whole = ((await (await fetch(`${net.scanUrl}/v0/admin/validator/licenses`)).json()) as { validator_licenses: Obj[] }).validator_licenses;
    assert.ok(whole.length >= 2);
  });
  after(() => net.close());

  it('reads every licence exactly, newest first, through next_page_token', async () => {
    const licences = rights(await collect(scan.validatorLicenses({ limit: 1 })));
    assert.deepEqual(JSON.parse(JSON.stringify(licences)), whole);
  });

  it('resuming from the checkpoint of any licence gives exactly the ones after it', async () => {
    const licences = rights(await collect(scan.validatorLicenses({ limit: 1 })));
    const ids = licences.map((c) => c.contract_id);
    for (let i = 0; i < licences.length; i++) {
      const cp = checkpointOf(licences[i]!);
      assert.ok(cp);
      const from = JSON.parse(JSON.stringify(cp)) as ValidatorLicensesCheckpoint;
      assert.deepEqual(rights(await collect(scan.validatorLicenses({ limit: 1 }, { from }))).map((c) => c.contract_id), ids.slice(i + 1), `after licence ${i}`);
    }
  });
});

describe('scan.validatorLicenses (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: Obj[];
  let scan: ScanGroup;
  const licence = (id: string): Obj => ({ template_id: 'p:M:ValidatorLicense', contract_id: id, payload: {}, created_event_blob: '', created_at: '2026-01-01T00:00:00Z' });
  const page = (ids: string[], next?: number): Obj => ({ validator_licenses: ids.map(licence), ...(next !== undefined ? { next_page_token: next } : {}) });
  before(async () => {
    server = await startServer(() => ({ body: pages.shift() ?? page([]) }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());
  const idsOf = (rs: Array<E.Either<unknown, Contract>>) => rs.map((r) => (E.isRight(r) ? r.right.contract_id : `Left:${(r.left as { reason: string }).reason}`));

  it('a page that goes back to a licence already delivered is an invariant Left', async () => {
    pages = [page(['c', 'b'], 20), page(['b', 'a'], 10)];
    assert.deepEqual(idsOf(await collect(scan.validatorLicenses({ limit: 2 }))), ['c', 'b', 'Left:invariant']);
  });

  it('pull mode goes through the pager: with prefetch 0, the next page is asked for only when pulled', async () => {
    pages = [page(['c', 'b'], 20), page(['a'])];
    const before = server.requests.length;
    const pull = new Subject<void>();
    const got: string[] = [];
    let firstPage!: () => void;
    const firstPageIn = new Promise<void>((resolve) => (firstPage = resolve));
    const done = new Promise<void>((resolve) =>
      scan.validatorLicenses({ limit: 2 }, { pull, prefetch: 0 }).subscribe({
        next: (r) => {
          if (E.isRight(r)) got.push(r.right.contract_id);
          if (got.length === 2) firstPage();
        },
        complete: resolve,
      }),
    );
    await firstPageIn;
    assert.equal(server.requests.length - before, 1);
    pull.next();
    await done;
    assert.deepEqual(got, ['c', 'b', 'a']);
    assert.equal(server.requests.length - before, 2);
  });

  it('a page token that repeats is an invariant Left', async () => {
    pages = [page(['c', 'b'], 20), page(['a', 'z'], 20)];
    assert.deepEqual(idsOf(await collect(scan.validatorLicenses({ limit: 2 }))), ['c', 'b', 'a', 'z', 'Left:invariant']);
    // The token is sent as the `after` query parameter.
    assert.match(server.requests.at(-1)!.url, /[?&]after=20(&|$)/);
  });
});
