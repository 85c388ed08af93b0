// A party's token history, as a wallet or an exchange shows it: each transaction that moved the
// party's tokens, labelled as the Splice token-standard parser labels it (TransferIn, TransferOut,
// Mint, Burn, MergeSplit, Unlock, ...) with the amount it changed per instrument, and the
// party's balance per instrument after it (unlocked, locked, total; exact). One JSON line per
// transaction, then a last line with the final balances and the checkpoint to resume from.
//
//   CANTON_RX_LEDGER_URL=https://participant.example.com CANTON_RX_TOKEN=... PARTY=alice::1220.. node examples/token-history.mjs
//
// Without CANTON_RX_LEDGER_URL it starts a simulated network with token-standard flows and reads
// alice's history there.
import { createClient, formatError } from 'canton-rx';
import { mintToken, startSimulatedNetwork } from 'canton-rx/testkit';
import { lastValueFrom, toArray } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_LEDGER_URL
  ? undefined
  : await startSimulatedNetwork({ updates: Number(env.SIM_UPDATES ?? 200), tokenFlows: 0.8, hostedParties: ['validator-1', 'alice', 'bob', 'charlie'] });
const party = env.PARTY ?? net.party('alice');
const ledger = createClient({ ledger: { url: env.CANTON_RX_LEDGER_URL ?? net.ledgerUrl, token: env.CANTON_RX_TOKEN ?? mintToken({ userId: 'wallet', readAs: [party] }) } }).ledger;
const retry = { maxRetries: 8 };

// Each read is paged and retried; a Left (after the retries) ends the run.
const read = async (stream) => {
  const results = await lastValueFrom(stream.pipe(toArray()));
  const failed = results.find((r) => r._tag === 'Left');
  if (failed !== undefined) throw new Error(formatError(failed.left));
  return results.map((r) => r.right);
};

try {
  // Read to the same end: the ledger end now.
  const end = (await lastValueFrom(ledger.getLedgerEnd())).right?.offset;
  const history = await read(ledger.tokenStandardHistory({ party, endOffsetInclusive: end }, { retry }));
  const balances = await read(ledger.tokenBalances({ party, endOffsetInclusive: end }, { retry }));
  let b = 0;
  for (const tx of history) {
    // The balances after this transaction: the last ones at or before its offset.
    while (b + 1 < balances.length && balances[b + 1].offset <= tx.offset) b++;
    const changed = tx.events.map((e) => ({ label: e.label.type, unlocked: e.unlockedHoldingsChangeSummary?.amountChange ?? '0', locked: e.lockedHoldingsChangeSummary?.amountChange ?? '0' }));
    console.log(JSON.stringify({ offset: tx.offset, recordTime: tx.recordTime, updateId: tx.updateId, events: changed, balances: balances[b].balances }));
  }
  const last = balances[balances.length - 1];
  console.log(JSON.stringify({ party, transactions: history.length, balances: last.balances, checkpoint: last.checkpoint }));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
} finally {
  await net?.close();
}
