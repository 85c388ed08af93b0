import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { VoteResultsCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

describe('scan.voteResults (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let whole: unknown[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'scan-vote-results', updates: 500 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    const one = await lastValueFrom(scan.listVoteRequestResults({ limit: 10_000 }));
    assert.ok(E.isRight(one) && one.right.next_page_token === undefined);
    whole = one.right.dso_rules_vote_results;
    assert.ok(whole.length >= 4, `${whole.length} vote results`);
  });
  after(() => net.close());

  it('reads every result exactly, as one big page has them, through the numeric next_page_token', async () => {
    const got = rights(await collect(scan.voteResults({ limit: 3 })));
    assert.deepEqual(got.map((r) => r.value), whole);
    assert.deepEqual(got[3]!.checkpoint, { stream: 'scan.voteResults', pageToken: 3, index: 0 });
  });

  it('resuming from the checkpoint of every result gives exactly the ones after it', async () => {
    const got = rights(await collect(scan.voteResults({ limit: 3 })));
    for (let i = 0; i < got.length; i++) {
      const from = JSON.parse(JSON.stringify(got[i]!.checkpoint)) as VoteResultsCheckpoint;
      assert.deepEqual(rights(await collect(scan.voteResults({ limit: 3 }, { from }))).map((r) => r.value), whole.slice(i + 1), `after result ${i}`);
    }
  });

  it('a bad limit or a checkpoint of another stream is an InvalidRequest naming the field, before anything is sent', async () => {
    const bad = await collect(scan.voteResults({ limit: 0 }));
    assert.ok(bad.length === 1 && E.isLeft(bad[0]!) && bad[0].left._tag === 'InvalidRequest' && bad[0].left.issues[0]!.path === 'limit');
    const wrong = await collect(scan.voteResults({ limit: 3 }, { from: { stream: 'scan.validatorLicenses', index: 0 } as unknown as VoteResultsCheckpoint }));
    assert.ok(wrong.length === 1 && E.isLeft(wrong[0]!) && wrong[0].left._tag === 'InvalidRequest' && wrong[0].left.issues[0]!.path === 'from.stream');
  });
});

describe('scan.voteResults (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: object[];
  let scan: ScanGroup;
  before(async () => {
    server = await startServer(() => ({ body: pages.shift() ?? { dso_rules_vote_results: [] } }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());

  it('a page token that repeats is an invariant Left after the valid results; the token goes back as pageToken', async () => {
    pages = [
      { dso_rules_vote_results: [{ n: 1 }, { n: 2 }], next_page_token: 2 },
      { dso_rules_vote_results: [{ n: 3 }], next_page_token: 2 },
    ];
    const got = await collect(scan.voteResults({ limit: 2, accepted: true }));
    assert.deepEqual(
      got.map((r) => (E.isRight(r) ? r.right.value['n'] : `Left:${(r.left as { reason?: string }).reason}`)),
      [1, 2, 3, 'Left:invariant'],
    );
    assert.deepEqual(JSON.parse(server.requests.at(-1)!.body), { limit: 2, accepted: true, pageToken: 2 });
  });
});
