import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { fetch as crossFetch } from 'cross-fetch';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import type { LedgerGroup } from '../../src/ledger/createLedgerGroup';
import type { Fetch } from '../../src/http/types';
import type { CantonError } from '../../src/errors/CantonError';
import type { Update } from '../../src/codecs/ledger/Update';
import { startServer, type TestServer, type Reply } from '../helpers/server';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { collect } from '../helpers/collect';

const updateFormat = {
  includeTransactions: {
    transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const,
    eventFormat: { filtersByParty: { 'alice::1220': { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] } }, verbose: false },
  },
};
const offsets = (rs: Array<E.Either<CantonError, Update>>) =>
  rs.map((r) => (E.isRight(r) ? (checkpointOf(r.right) as LedgerCheckpoint).offset : `Left:${r.left._tag}:${r.left._tag === 'DecodeError' ? r.left.reason : ''}`));

describe('ledger.updates (stream against a loopback participant)', () => {
  let server: TestServer;
  let history = ledgerHistory(25);
  let answer: (body: string) => Reply;
  let ledger: LedgerGroup;
  const all = () => history.map((_, i) => (i + 1) * 3);

  before(async () => {
    server = await startServer((req) => answer(req.body));
    ledger = createClient({ ledger: { url: server.url, token: 'ledger-token' }, fetch: crossFetch as unknown as Fetch }).ledger;
  });
  after(() => server.close());
  beforeEach(() => {
    history = ledgerHistory(25);
    answer = (body) => answerUpdatesPage(history, body);
  });

  it('streams every update ascending through nextPageToken, then stops on the first empty page', async () => {
    const n = server.requests.length;
    const out = await collect(ledger.updates({ updateFormat, maxPageSize: 10 }));
    assert.deepEqual(offsets(out), all());
    const bodies = server.requests.slice(n).map((r) => JSON.parse(r.body) as { pageToken?: string; updateFormat: unknown });
    // 3 pages with items and the empty page that says "caught up".
    assert.equal(bodies.length, 4);
    assert.equal(bodies[0]!.pageToken, undefined);
    assert.ok(bodies.slice(1).every((b) => typeof b.pageToken === 'string'));
    assert.ok(bodies.every((b) => JSON.stringify(b.updateFormat) === JSON.stringify(updateFormat)));
    assert.equal(server.requests.at(-1)!.url, '/v2/updates/get-updates-page');
    assert.equal(server.requests.at(-1)!.headers.authorization, 'Bearer ledger-token');
  });

  it('stops at endOffsetInclusive exactly, with no extra request', async () => {
    const n = server.requests.length;
    const out = await collect(ledger.updates({ updateFormat, maxPageSize: 5, beginOffsetExclusive: 9, endOffsetInclusive: 30 }));
    assert.deepEqual(offsets(out), [12, 15, 18, 21, 24, 27, 30]);
    assert.equal(server.requests.length - n, 2);
  });

  it('streams descending from the end offset', async () => {
    const out = await collect(ledger.updates({ updateFormat, maxPageSize: 4, endOffsetInclusive: 30, descendingOrder: true }));
    assert.deepEqual(offsets(out), [30, 27, 24, 21, 18, 15, 12, 9, 6, 3]);
  });

  it('an empty ledger completes', async () => {
    history = [];
    assert.deepEqual(await collect(ledger.updates({ updateFormat })), []);
  });

  it('resuming from the checkpoint of any update continues exactly after it (ascending and descending)', async () => {
    const first = await collect(ledger.updates({ updateFormat, maxPageSize: 7 }));
    for (let i = 0; i < first.length; i++) {
      const r = first[i]!;
      assert.ok(E.isRight(r));
      const from = JSON.parse(JSON.stringify(checkpointOf(r.right))) as LedgerCheckpoint;
      assert.deepEqual(offsets(await collect(ledger.updates({ updateFormat, maxPageSize: 7 }, { from }))), all().slice(i + 1), `after update ${i}`);
    }
    const down = await collect(ledger.updates({ updateFormat, maxPageSize: 4, endOffsetInclusive: 75, descendingOrder: true }));
    const expected = all().reverse();
    for (let i = 0; i < down.length; i++) {
      const r = down[i]!;
      assert.ok(E.isRight(r));
      const from = checkpointOf(r.right);
      assert.deepEqual(offsets(await collect(ledger.updates({ updateFormat, maxPageSize: 4, endOffsetInclusive: 75, descendingOrder: true }, { from }))), expected.slice(i + 1), `descending after update ${i}`);
    }
  });

  it('a page that does not start where the previous one ended is an invariant Left', async () => {
    let calls = 0;
    answer = (body) => {
      const r = answerUpdatesPage(history, body) as { status: number; body: { lowestPageOffsetExclusive: number } };
      if (++calls === 2) r.body.lowestPageOffsetExclusive -= 3;
      return r;
    };
    const out = await collect(ledger.updates({ updateFormat, maxPageSize: 10 }));
    assert.deepEqual(offsets(out), [...all().slice(0, 10), 'Left:DecodeError:invariant']);
  });

  it('a repeated page token and offsets that do not rise are invariant Lefts', async () => {
    let calls = 0;
    let firstToken: string | undefined;
    answer = (body) => {
      const r = answerUpdatesPage(history, body) as { status: number; body: { nextPageToken?: string } };
      if (++calls === 1) firstToken = r.body.nextPageToken;
      else r.body.nextPageToken = firstToken;
      return r;
    };
    const repeated = await collect(ledger.updates({ updateFormat, maxPageSize: 10 }));
    // Page 2 hands back page 1's token: its ten items are delivered, then the loop is refused.
    assert.deepEqual(offsets(repeated), [...all().slice(0, 20), 'Left:DecodeError:invariant']);

    answer = (body) => {
      const r = answerUpdatesPage(history, body) as { status: number; body: { updates: unknown[] } };
      r.body.updates.reverse();
      return r;
    };
    // The reversed first page starts with 30, then 27 goes back: 30 is valid and delivered.
    const unordered = await collect(ledger.updates({ updateFormat, maxPageSize: 10 }));
    assert.deepEqual(offsets(unordered), [30, 'Left:DecodeError:invariant']);
  });

  it('ledger errors come through as values: the plain-text 400 and JsCantonError bodies', async () => {
    answer = () => ({ status: 400, headers: { 'content-type': 'text/plain; charset=UTF-8' }, body: 'Invalid value for: body' });
    const [text] = await collect(ledger.updates({ updateFormat }));
    assert.ok(text && E.isLeft(text) && text.left._tag === 'HttpError');
    assert.deepEqual(text.left._tag === 'HttpError' && text.left.body, { _tag: 'Text', text: 'Invalid value for: body' });
    answer = () => ({ status: 400, body: { code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', cause: 'pruned up to 42', context: { category: '9' }, errorCategory: 9 } });
    const [pruned] = await collect(ledger.updates({ updateFormat }));
    assert.ok(pruned && E.isLeft(pruned) && pruned.left._tag === 'HttpError' && pruned.left.condition === 'ParticipantPruned');
  });

  it('refuses a bad page size without sending', async () => {
    const n = server.requests.length;
    const [r] = await collect(ledger.updates({ updateFormat, maxPageSize: 0 }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.equal(server.requests.length, n);
  });
});
