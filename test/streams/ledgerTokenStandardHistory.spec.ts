import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { TokenStandardTransaction } from '../../src/tokenStandard/TokenStandardTransaction';
import type { Page } from '../../src/paging/Page';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { collect } from '../helpers/collect';
import { startServer, type TestServer } from '../helpers/server';
import { answerUpdatesPage } from '../helpers/ledgerPages';
import { FIXTURE_PARTY, parserFixtures, type ParserFixture } from '../helpers/tokenStandardFixtures';

type Json = Record<string, unknown>;

/**
 * The upstream parser's own test data served as its test serves them (the updates, and the
 * events-by-contract-id answers by contract id, else 404 CONTRACT_EVENTS_NOT_FOUND), by a real
 * server on 127.0.0.1: the stream gives upstream's expected output exactly.
 */
describe('ledger.tokenStandardHistory (the upstream parser\'s test data, served)', function () {
  this.timeout(20_000);
  const fixtures = parserFixtures();
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  /** A server of one fixture; `lookup` may answer a lookup otherwise (a fault). */
  const serve = async (f: ParserFixture, lookup?: (contractId: string, n: number) => { status: number; body: object } | undefined) => {
    let lookups = 0;
    server = await startServer((req) => {
      if (req.url.startsWith('/v2/updates/get-updates-page')) return answerUpdatesPage(f.updates as unknown as Json[], req.body);
      if (req.url.startsWith('/v2/events/events-by-contract-id')) {
        const { contractId } = JSON.parse(req.body) as { contractId: string };
        const faulty = lookup?.(contractId, lookups++);
        if (faulty !== undefined) return faulty;
        const answer = f.answers.find((a) => a.created.createdEvent.contractId === contractId);
        return answer ? { body: answer } : { status: 404, body: { code: 'CONTRACT_EVENTS_NOT_FOUND', cause: 'not found', context: {}, errorCategory: 11 } };
      }
      return { status: 404, body: { code: 'NOT_FOUND', cause: req.url, context: {}, errorCategory: 11 } };
    });
    return createClient({ ledger: { url: server.url, token: 'jwt' } }).ledger;
  };
  const lookedUp = () => server!.requests.filter((r) => r.url.startsWith('/v2/events/events-by-contract-id')).map((r) => (JSON.parse(r.body) as { contractId: string }).contractId);
  const createdInRange = (f: ParserFixture) => new Set(f.updates.flatMap((u) => u.update.Transaction.value.events.flatMap((e) => ('CreatedEvent' in e ? [e['CreatedEvent']!.contractId] : []))));
  const rightsOf = <A>(rs: ReadonlyArray<E.Either<CantonError, A>>): A[] => rs.map((r, i) => (E.isRight(r) ? r.right : assert.fail(`element ${i}: ${JSON.stringify(r.left)}`)));

  for (const f of fixtures) {
    it(`${f.name}: exactly upstream's expected transactions, in pages of 4 updates; each unknown holding looked up once, none created in range`, async () => {
      const ledger = await serve(f);
      const pages = rightsOf(await collect(ledger.pages.tokenStandardHistory({ party: FIXTURE_PARTY, standardVersion: f.version, maxPageSize: 4 })));
      const txs = pages.flatMap((p) => p.records.map((r) => r.value));
      assert.deepEqual(txs, f.expected.transactions);
      assert.equal(JSON.stringify(txs), JSON.stringify(f.expected.transactions));
      for (const p of pages) for (const r of p.records) assert.deepEqual(r.checkpoint, { stream: 'ledger.updates', offset: r.value.offset });
      assert.deepEqual(pages.at(-1)!.checkpoint, { stream: 'ledger.updates', offset: f.expected.nextOffset }, 'the last checkpoint is upstream\'s nextOffset');
      const asked = lookedUp();
      assert.equal(new Set(asked).size, asked.length, `a contract asked twice: ${asked}`);
      const inRange = createdInRange(f);
      assert.deepEqual(asked.filter((c) => inRange.has(c)), [], 'no lookup of a holding created in range');
      assert.ok(asked.length > 0, 'holdings created before the range were looked up');
    });
  }

  it('resumes from every item\'s checkpoint with exactly the items after it', async () => {
    const f = fixtures.find((x) => x.name === 'sv-voting-172775422 V2')!;
    const ledger = await serve(f);
    const all = rightsOf(await collect(ledger.tokenStandardHistory({ party: FIXTURE_PARTY, standardVersion: 'V2', maxPageSize: 3 })));
    assert.equal(all.length, f.expected.transactions.length);
    for (let i = 0; i < all.length; i++) {
      const rest = rightsOf(await collect(ledger.tokenStandardHistory({ party: FIXTURE_PARTY, standardVersion: 'V2', maxPageSize: 3 }, { from: { stream: 'ledger.updates', offset: all[i]!.offset } })));
      assert.deepEqual(rest, all.slice(i + 1), `resumed after item ${i}`);
    }
  });

  it('a lookup the server fails is retried with the retry policy, and the answer is the same', async () => {
    const f = fixtures.find((x) => x.name === 'splice-v1-2ef0f14 V1')!;
    const ledger = await serve(f, (_cid, n) => (n % 2 === 0 ? { status: 503, body: { code: 'UNAVAILABLE', cause: 'busy', context: {}, errorCategory: 1 } } : undefined));
    const txs = rightsOf(await collect(ledger.tokenStandardHistory({ party: FIXTURE_PARTY, maxPageSize: 5 }, { retry: { maxRetries: 3, initialDelayMs: 1, maxDelayMs: 2 } })));
    assert.deepEqual(txs, f.expected.transactions);
  });

  it('a lookup that keeps failing ends the history with its Left, after the transactions before it; resuming there reads on', async () => {
    const f = fixtures.find((x) => x.name === 'splice-v1-2ef0f14 V1')!;
    let broken = true;
    const ledger = await serve(f, () => (broken ? { status: 500, body: { code: 'INTERNAL', cause: 'down', context: {}, errorCategory: 4 } } : undefined));
    const out = await collect(ledger.pages.tokenStandardHistory({ party: FIXTURE_PARTY, maxPageSize: 5 }));
    const last = out.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'HttpError' && last.left.status === 500, 'ends with the lookup\'s Left');
    const before = rightsOf(out.slice(0, -1)) as Array<Page<TokenStandardTransaction, LedgerCheckpoint>>;
    const delivered = before.flatMap((p) => p.records.map((r) => r.value));
    assert.deepEqual(delivered, f.expected.transactions.slice(0, delivered.length));
    broken = false;
    const from = before.at(-1)?.checkpoint;
    const rest = rightsOf(await collect(ledger.tokenStandardHistory({ party: FIXTURE_PARTY, maxPageSize: 5 }, from ? { from } : {})));
    assert.deepEqual([...delivered, ...rest], f.expected.transactions);
  });

  it('strict: a raw Create ends the history with a Left naming the transaction, after the transactions before it', async () => {
    const f = fixtures.find((x) => x.name === 'sv-voting-172775422 V1')!;
    const ledger = await serve(f);
    const out = await collect(ledger.tokenStandardHistory({ party: FIXTURE_PARTY, strict: true }));
    const expected = f.expected.transactions as Array<{ updateId: string; events: Array<{ label: { type: string } }> }>;
    const firstRaw = expected.findIndex((t) => t.events.some((e) => e.label.type === 'Create' || e.label.type === 'Archive'));
    assert.deepEqual(rightsOf(out.slice(0, -1)), expected.slice(0, firstRaw));
    const last = out.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError');
    assert.ok(last.left.issues[0]!.path.startsWith(`transaction(${expected[firstRaw]!.updateId})`), last.left.issues[0]!.path);
  });

  it('a request without a party is an InvalidRequest before anything is sent', async () => {
    const ledger = await serve(fixtures[0]!);
    const out = await collect(ledger.tokenStandardHistory({ party: '' }));
    assert.equal(out.length, 1);
    assert.ok(E.isLeft(out[0]!) && out[0].left._tag === 'InvalidRequest');
    assert.equal(server!.requests.length, 0);
  });
});
