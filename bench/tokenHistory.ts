import { performance } from 'node:perf_hooks';
import { lastValueFrom, map, reduce } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { parseTokenStandardTransaction } from '../src/tokenStandard/parseTokenStandardTransaction';
import type { TokenStandardContract } from '../src/tokenStandard/TokenStandardTransaction';
import type { JsTransaction } from '../src/codecs/ledger/JsTransaction';
import { createClient } from '../src/clientFactory/createClient';
import { mintToken, startSimulatedNetwork } from '../src/testkit';
import { median, spread } from './stats';

const HOSTED = ['validator-1', 'alice', 'bob', 'charlie'];
const HOLDING = '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding';
const TRANSFER_INSTRUCTION = '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction';

/**
 * `ledger.tokenStandardHistory` over a range against the `ledger.updates` read of the same range
 * with the same format (ledger effects, the Holding and TransferInstruction views, a wildcard),
 * from the simulated network's token-standard flows (every holding created in the range: no
 * lookup). Paired rounds, the order alternating; medians. Goal (issue 27): at most 1.25x. Also
 * the heap after a read of the whole range and of its first half (memory flat: pages are pulled
 * one at a time).
 */
export const benchTokenHistory = async (updates = Number(process.env['BENCH_TOKEN_UPDATES'] ?? 3000), rounds = Number(process.env['BENCH_ROUNDS'] ?? 7)) => {
  const net = await startSimulatedNetwork({ seed: 'bench-token-history', updates, migrations: 1, tokenFlows: 1, hostedParties: HOSTED });
  try {
    const party = net.party('alice');
    const ledger = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'bench', readAs: [party] }) } }).ledger;
    const end = net.info().ledgerEnd;
    const eventFormat = {
      filtersByParty: {
        [party]: {
          cumulative: [
            ...[HOLDING, TRANSFER_INSTRUCTION].map((interfaceId) => ({ identifierFilter: { InterfaceFilter: { value: { interfaceId, includeInterfaceView: true, includeCreatedEventBlob: false } } } })),
            { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } },
          ],
        },
      },
      verbose: false,
    };
    const count = <A>(o: import('rxjs').Observable<A>) => lastValueFrom(o.pipe(reduce((n) => n + 1, 0)));
    const readUpdates = () => count(ledger.updates({ updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat } }, endOffsetInclusive: end, maxPageSize: 200 }));
    const readHistory = (to = end) => count(ledger.tokenStandardHistory({ party, endOffsetInclusive: to, maxPageSize: 200 }, { lookupConcurrency: Number(process.env['BENCH_LOOKUPS'] ?? 8) }));
    // The parser over the same read, each contract it asks for answered from memory as the
    // ledger answers it (404 for the holdings alice only saw archived): the interpretation's own cost.
    const answers = new Map<string, TokenStandardContract>();
    const parsedInline = () =>
      count(
        ledger.updates({ updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat } }, endOffsetInclusive: end, maxPageSize: 200 }).pipe(
          map((r) => {
            const tx = E.isRight(r) ? (r.right as { Transaction?: { value: JsTransaction } }).Transaction?.value : undefined;
            if (tx === undefined) return r;
            for (const e of tx.events) if ('CreatedEvent' in e) answers.set((e.CreatedEvent as { contractId: string }).contractId, { created: e.CreatedEvent as never, archived: true });
            let p = parseTokenStandardTransaction(tx, { party, contractOf: (cid) => answers.get(cid) });
            for (let k = 0; p._tag === 'NeedsContracts' && k < 5; k++) {
              for (const cid of p.contractIds) answers.set(cid, null);
              p = parseTokenStandardTransaction(tx, { party, contractOf: (cid) => answers.get(cid) });
            }
            return p;
          }),
        ),
      );
    const lookups = () => net.stats().routes.find((r) => r.route === 'POST /v2/events/events-by-contract-id')?.requests ?? 0;
    const timed = async (read: () => Promise<number>) => {
      const t = performance.now();
      const n = await read();
      return { ms: performance.now() - t, n };
    };
    // Warm both.
    const items = await readUpdates();
    const txs = await readHistory();
    const before = lookups();
    const ratios: number[] = [];
    const inlineRatios: number[] = [];
    const base: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const first = round % 2 === 0;
      const a = first ? await timed(readUpdates) : undefined;
      const b = await timed(() => readHistory());
      const c = first ? a! : await timed(readUpdates);
      base.push(c.ms);
      ratios.push(b.ms / c.ms);
      const d = await timed(parsedInline);
      const e = await timed(readUpdates);
      inlineRatios.push(d.ms / e.ms);
    }
    const lookupsInRounds = lookups() - before;
    global.gc?.();
    const heap = async (to: number) => {
      global.gc?.();
      let peak = 0;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
      await readHistory(to);
      clearInterval(timer);
      return peak / 2 ** 20;
    };
    const half = await heap(Math.floor(end / 2));
    const whole = await heap(end);
    return { updates: items, transactions: txs, updatesMs: median(base), ratio: spread(ratios), ratioMedian: median(ratios), parserOnly: spread(inlineRatios), lookups: lookupsInRounds, heapHalfMiB: half, heapWholeMiB: whole };
  } finally {
    await net.close();
  }
};

if (require.main === module)
  void benchTokenHistory().then((r) =>
    console.log(
      `tokenStandardHistory vs ledger.updates over ${r.updates} updates (${r.transactions} token-standard transactions of alice): ${r.ratio}x (updates alone ${r.updatesMs.toFixed(0)} ms), ${r.lookups} lookups in the rounds; the parser alone over the same read (lookups answered from memory) ${r.parserOnly}x; peak heap ${r.heapHalfMiB.toFixed(0)} MiB over half the range, ${r.heapWholeMiB.toFixed(0)} MiB over all of it (goal <= 1.25x)`,
    ),
  );
