import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import type { UpdateFormatInput } from '../../src/streams/ledgerUpdates';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';

/**
 * `updateFormat` declared without `as const` types its shape as `string` (public.types.ts checks
 * that it compiles): the shape is checked when the stream starts instead, so a name the ledger
 * does not know is a Left with its JSON path and nothing is sent.
 */
describe('ledger.updates with an updateFormat declared without `as const`', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(() => ({ body: { lowestPageOffsetExclusive: 0, highestPageOffsetInclusive: 0 } }));
  });
  after(() => server.close());

  const formatWith = (transactionShape: string): UpdateFormatInput => ({ includeTransactions: { transactionShape, eventFormat: { filtersForAnyParty: {} } } });
  const ledger = () => createClient({ ledger: { url: server.url } }).ledger;

  it('sends a known shape as written', async () => {
    const n = server.requests.length;
    const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersForAnyParty: {} } } };
    assert.deepEqual(await collect(ledger().updates({ updateFormat })), []);
    assert.deepEqual(server.requests.slice(n).map((r) => JSON.parse(r.body).updateFormat), [updateFormat]);
  });

  for (const [name, read] of [
    ['ledger.updates', (f: UpdateFormatInput) => ledger().updates({ updateFormat: f })],
    ['ledger.pages.updates', (f: UpdateFormatInput) => ledger().pages.updates({ updateFormat: f })],
    ['ledger.updatesWithSnapshot', (f: UpdateFormatInput) => ledger().updatesWithSnapshot({ updateFormat: f }, { from: { stream: 'ledger.updates', offset: 1 } })],
  ] as const)
    it(`${name}: an unknown shape is an InvalidRequest naming its path, and nothing is sent`, async () => {
      const n = server.requests.length;
      const out = await collect<E.Either<unknown, unknown>>(read(formatWith('FLAT')));
      assert.equal(out.length, 1);
      const left = out[0]!;
      assert.ok(E.isLeft(left) && (left.left as { _tag: string })._tag === 'InvalidRequest', JSON.stringify(left));
      const issues = (left.left as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
      assert.deepEqual(issues, ['body.updateFormat.includeTransactions.transactionShape']);
      assert.equal(server.requests.length, n);
    });
});
