// A wallet's view of the token standard (CIP-56) on a participant: the party's balance per
// instrument (every contract implementing the Holding interface, whatever its registry: Canton
// Coin and any other token), locked and unlocked, summed exactly, and its incoming transfer
// offers (TransferInstruction views addressed to it, waiting for its acceptance). Prints one
// JSON document.
//
//   CANTON_RX_LEDGER_URL=https://participant.example.com CANTON_RX_TOKEN=... PARTY=bob::1220.. node examples/wallet.mjs
//
// Without CANTON_RX_LEDGER_URL it starts a simulated network with Amulet transfer offers and
// reads bob's wallet there.
import { createClient, formatError, sumDecimals } from 'canton-rx';
import { mintToken, startSimulatedNetwork } from 'canton-rx/testkit';
import { lastValueFrom, toArray } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_LEDGER_URL ? undefined : await startSimulatedNetwork({ updates: Number(env.SIM_UPDATES ?? 400), transferOffers: 0.15 });
const party = env.PARTY ?? net.party('bob');
const ledger = createClient({ ledger: { url: env.CANTON_RX_LEDGER_URL ?? net.ledgerUrl, token: env.CANTON_RX_TOKEN ?? mintToken({ userId: 'wallet', readAs: [party] }) } }).ledger;
const retry = { maxRetries: 8 };

// Both reads are one snapshot each, paged and retried; a Left (after the retries) ends the run.
const read = async (stream) => {
  const results = await lastValueFrom(stream.pipe(toArray()));
  const failed = results.find((r) => r._tag === 'Left');
  if (failed !== undefined) throw new Error(formatError(failed.left));
  return results.map((r) => r.right);
};

try {
  const holdings = await read(ledger.holdings({ party, maxPageSize: 200 }, { retry }));
  // The snapshot the holdings were read at: the offers are read at the same offset.
  const activeAtOffset = holdings[0]?.activeAtOffset;
  const instructions = await read(ledger.transferInstructions({ party, maxPageSize: 200, ...(activeAtOffset !== undefined ? { activeAtOffset } : {}) }, { retry }));

  // Per instrument (admin and id): amounts are Daml Decimals (strings), summed exactly.
  const byInstrument = new Map();
  const unreadable = [];
  for (const h of holdings) {
    if (h.view === undefined) {
      unreadable.push({ contractId: h.contractId, status: h.viewStatus.message });
      continue;
    }
    if (h.view.owner !== party) continue; // a holding the party only observes (a lock it holds, say)
    const key = `${h.view.instrumentId.admin}/${h.view.instrumentId.id}`;
    const row = byInstrument.get(key) ?? { admin: h.view.instrumentId.admin, id: h.view.instrumentId.id, unlocked: [], locked: [] };
    (h.view.lock == null ? row.unlocked : row.locked).push(h.view.amount);
    byInstrument.set(key, row);
  }
  const balances = [...byInstrument.values()].map((r) => ({
    instrument: { admin: r.admin, id: r.id },
    total: sumDecimals([...r.unlocked, ...r.locked]),
    unlocked: sumDecimals(r.unlocked),
    locked: sumDecimals(r.locked),
    holdings: r.unlocked.length + r.locked.length,
  }));

  const incomingOffers = instructions
    .filter((i) => i.view?.transfer.receiver === party && 'tag' in i.view.status && i.view.status.tag === 'TransferPendingReceiverAcceptance')
    .map((i) => ({ contractId: i.contractId, sender: i.view.transfer.sender, amount: i.view.transfer.amount, instrument: i.view.transfer.instrumentId, executeBefore: i.view.transfer.executeBefore }));

  console.log(JSON.stringify({ party, activeAtOffset, balances, incomingOffers, unreadable }, null, 2));
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
} finally {
  await net?.close();
}
