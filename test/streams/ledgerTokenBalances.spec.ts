import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import type { TokenBalances } from '../../src/streams/ledgerTokenBalances';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';

const HOSTED = ['validator-1', 'alice', 'bob', 'charlie'];

/**
 * Balances equal to the ledger: at every checked offset of the simulated token-standard flows,
 * a party's balance per instrument (unlocked, locked) is the sum of its active Holding views at
 * that offset, from the start of the ledger and from a start in the middle.
 */
describe('ledger.tokenBalances (balances equal to the active holdings, on the simulated flows)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'token-balances', updates: 160, migrations: 1, tokenFlows: 0.8, hostedParties: HOSTED });
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'wallet', readAs: [...net.hostedParties] }) } });
  });
  after(() => net.close());

  const rights = <A>(rs: ReadonlyArray<E.Either<unknown, A>>): A[] => rs.map((r, i) => (E.isRight(r) ? r.right : assert.fail(`element ${i}: ${JSON.stringify(r.left)}`)));

  /** The party's holdings at an offset, summed per instrument and lock, as the balances write them. */
  const acsAt = async (party: string, offset: number): Promise<Record<string, { unlocked: string; locked: string }>> => {
    const held = rights(await collect(client.ledger.holdings({ party, activeAtOffset: offset, maxPageSize: 200 })));
    const out: Record<string, { unlocked: string[]; locked: string[] }> = {};
    for (const h of held) {
      if (h.view === undefined || h.view.owner !== party) continue;
      const key = `${h.view.instrumentId.admin}/${h.view.instrumentId.id}`;
      (out[key] ??= { unlocked: [], locked: [] })[h.view.lock != null ? 'locked' : 'unlocked'].push(h.view.amount);
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { unlocked: sumDecimals(v.unlocked), locked: sumDecimals(v.locked) }]));
  };
  const asBook = (b: TokenBalances) =>
    Object.fromEntries(
      b.balances
        .filter((x) => x.unlocked !== '0.0000000000' || x.locked !== '0.0000000000')
        .map((x) => {
          assert.equal(x.total, sumDecimals([x.unlocked, x.locked]));
          return [`${x.instrumentId.admin}/${x.instrumentId.id}`, { unlocked: x.unlocked, locked: x.locked }];
        }),
    );

  it('after each transaction, for every hosted party, the balances are the active holdings at its offset', async () => {
    let checked = 0;
    for (const hint of HOSTED) {
      const party = net.party(hint);
      const items = rights(await collect(client.ledger.tokenBalances({ party, maxPageSize: 7 })));
      assert.ok(items.length > 5, `${hint}: ${items.length} balances`);
      assert.equal(items[0]!.updateId, null, 'first the balances at the start');
      // Every transaction of the first parties, every third of the others: the test stays fast.
      for (const [i, b] of items.entries()) {
        if (i === 0 || (hint !== 'alice' && hint !== 'bob' && i % 3 !== 0)) continue;
        assert.deepEqual(asBook(b), await acsAt(party, b.offset), `${hint} after ${b.updateId} (offset ${b.offset})`);
        checked++;
      }
    }
    assert.ok(checked > 40, `${checked} offsets checked`);
  });

  it('from a start in the middle (the holdings there), and resumed from every item, the same balances', async () => {
    const party = net.party('alice');
    const whole = rights(await collect(client.ledger.tokenBalances({ party })));
    const mid = whole[Math.floor(whole.length / 2)]!;
    const fromMid = rights(await collect(client.ledger.tokenBalances({ party, beginOffsetExclusive: mid.offset })));
    assert.deepEqual(asBook(fromMid[0]!), asBook(mid), 'the start is the holdings at that offset');
    assert.deepEqual(fromMid.slice(1).map(asBook), whole.slice(whole.indexOf(mid) + 1).map(asBook));
    for (let i = 0; i < whole.length; i += 4) {
      const rest = rights(await collect(client.ledger.tokenBalances({ party }, { from: whole[i]!.checkpoint })));
      assert.deepEqual(rest.map((b) => [b.updateId, asBook(b)]), whole.slice(i + 1).map((b) => [b.updateId, asBook(b)]), `resumed after item ${i}`);
    }
  });
});
