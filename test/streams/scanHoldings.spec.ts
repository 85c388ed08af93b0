import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { HoldingsCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { Fetch } from '../../src/http/types';
import type { CantonError } from '../../src/errors/CantonError';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import { startServer, type TestServer, type Reply } from '../helpers/server';
import { readFixture } from '../helpers/fixtures';
import { collect } from '../helpers/collect';

type Json = Record<string, unknown>;
const SNAPSHOT = '2026-03-19T16:00:00Z';

/** Real MainNet holdings (v0 capture) as ActiveContracts, repeated to a given count with distinct ids. */
const contracts = (count: number): Json[] => {
  const v0 = readFixture('scan', 'holdings-state__syed-bcw-canton-scan-tool__1.json') as { created_events: Json[] };
  return Array.from({ length: count }, (_, i) => {
    const { event_type: _t, event_id: _e, ...rest } = v0.created_events[i % v0.created_events.length]!;
    return { ...rest, contract_id: `00${String(i).padStart(4, '0')}` };
  });
};

describe('scan.holdings (stream against a loopback Scan)', () => {
  let server: TestServer;
  let all = contracts(11);
  let answer: (body: string) => Reply;
  let scan: ScanGroup;
  const request = { migration_id: 4, record_time: '2026-03-19T17:00:00Z', record_time_match: 'at_or_before' as const, page_size: 4, owner_party_ids: ['owner::1220'] };

  // Opaque tokens: base64 of the index of the next contract.
  const serve = (body: string): Reply => {
    const req = JSON.parse(body) as { page_size: number; after?: string; record_time: string; record_time_match?: string };
    const start = req.after ? Number(Buffer.from(req.after, 'base64').toString()) : 0;
    const page = all.slice(start, start + req.page_size);
    const next = start + req.page_size < all.length ? Buffer.from(String(start + req.page_size)).toString('base64') : undefined;
    return { body: { record_time: SNAPSHOT, migration_id: 4, created_events: page, ...(next ? { next_page_token: next } : {}) } };
  };

  before(async () => {
    server = await startServer((req) => answer(req.body));
    scan = createClient({ scan: { url: `${server.url}/api/scan` }, fetch: crossFetch as unknown as Fetch }).scan;
  });
  after(() => server.close());
  beforeEach(() => {
    all = contracts(11);
    answer = serve;
  });

  const ids = (rs: Array<E.Either<CantonError, ActiveContract>>) => rs.map((r) => (E.isRight(r) ? r.right.contract_id : `Left:${r.left._tag}`));

  it('streams every contract through next_page_token, pinning the snapshot the first page chose', async () => {
    const n = server.requests.length;
    const out = await collect(scan.holdings(request));
    assert.deepEqual(ids(out), all.map((c) => c.contract_id));
    const bodies = server.requests.slice(n).map((r) => JSON.parse(r.body) as Json);
    assert.equal(bodies.length, 3);
    assert.deepEqual(bodies[0], request);
    // Later pages ask for the snapshot actually used, exactly, with the token.
    assert.equal(bodies[1]!.record_time, SNAPSHOT);
    assert.equal(bodies[1]!.record_time_match, 'exact');
    assert.equal(typeof bodies[1]!.after, 'string');
  });

  it('resuming from the checkpoint of any contract gives exactly the remaining ones', async () => {
    const first = await collect(scan.holdings(request));
    for (let i = 0; i < first.length; i++) {
      const r = first[i]!;
      assert.ok(E.isRight(r));
      const cp = checkpointOf(r.right);
      assert.ok(cp, 'the stream knows the checkpoint of each item it emitted');
      const from = JSON.parse(JSON.stringify(cp)) as HoldingsCheckpoint;
      assert.equal(from.record_time, SNAPSHOT);
      assert.deepEqual(ids(await collect(scan.holdings(request, { from }))), all.slice(i + 1).map((c) => c.contract_id), `after contract ${i}`);
    }
  });

  it('a copy of an item has no checkpoint: checkpointOf answers undefined rather than guessing', async () => {
    const [r] = await collect(scan.holdings(request));
    assert.ok(r && E.isRight(r));
    assert.equal(checkpointOf({ ...r.right }), undefined);
  });

  it('a page from another snapshot is an invariant Left', async () => {
    let calls = 0;
    answer = (body) => {
      const reply = serve(body) as { body: Json };
      if (++calls === 2) reply.body.record_time = '2026-03-19T16:10:00Z';
      return reply;
    };
    const out = await collect(scan.holdings(request));
    assert.deepEqual(ids(out), [...all.slice(0, 4).map((c) => c.contract_id), 'Left:DecodeError']);
  });

  it('a checkpoint whose contract is gone from its page is a Left, not a silent skip', async () => {
    const from: HoldingsCheckpoint = { stream: 'scan.holdings', migration_id: 4, record_time: SNAPSHOT, contract_id: 'no-such-contract' };
    const out = await collect(scan.holdings(request, { from }));
    assert.deepEqual(ids(out), ['Left:DecodeError']);
  });

  it('a snapshot that disappeared (404) is a SnapshotNotFound Left', async () => {
    answer = () => ({ status: 404, body: { error: `No snapshots found before ${request.record_time}` } });
    const [r] = await collect(scan.holdings(request));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'SnapshotNotFound');
  });

  it('an empty holding set completes after one page', async () => {
    all = [];
    assert.deepEqual(await collect(scan.holdings(request)), []);
  });
});
