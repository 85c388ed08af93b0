// A live dashboard feed: a party's ledger updates and the Scan history merged into one feed in
// record-time order (mergeFeeds), following both heads, with heartbeats so that the merge moves
// on while a feed is quiet. Prints one JSON line per merged update and a status line per second.
//
//   CANTON_RX_SCAN_URL=... CANTON_RX_LEDGER_URL=... CANTON_RX_TOKEN=... PARTY=alice::1220... node examples/dashboard.mjs
//
// Without CANTON_RX_SCAN_URL it starts a simulated network that grows every 200 ms. MAX_UPDATES
// or DURATION_MS end it (else it runs until Ctrl-C).
import { createClient, formatError, mergeFeeds } from 'canton-rx';
import { mintToken, startSimulatedNetwork } from 'canton-rx/testkit';
import { interval, lastValueFrom, merge, Subject, take, takeUntil, tap, timer } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_SCAN_URL ? undefined : await startSimulatedNetwork({ updates: Number(env.SIM_UPDATES ?? 500), growth: { everyMs: 200, count: 1 } });
const party = env.PARTY ?? net.party('alice');
const client = createClient({
  scan: { url: env.CANTON_RX_SCAN_URL ?? net.scanUrl },
  ledger: { url: env.CANTON_RX_LEDGER_URL ?? net.ledgerUrl, token: env.CANTON_RX_TOKEN ?? mintToken({ userId: 'alice', actAs: [party] }) },
});

const updateFormat = {
  includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersByParty: { [party]: {} } } },
  includeReassignments: { filtersByParty: { [party]: {} } },
};
const live = { tail: { intervalMs: 1000 }, heartbeats: true, retry: { onRetry: (i) => console.error(JSON.stringify({ retry: i.attempt, in: i.delayMs })) } };

const stop = new Subject();
process.once('SIGINT', () => stop.next());
const counts = { ledger: 0, scan: 0, both: 0, late: 0 };
let lastRecordTime;

const feed$ = mergeFeeds(client.ledger.updates({ updateFormat }, live), client.scan.updates({ page_size: 200 }, live), { latenessMs: 10_000 }).pipe(
  tap((r) => {
    if (r._tag === 'Left') throw new Error(`${r.left.source}: ${formatError(r.left.error)}`);
    counts[r.right.source]++;
    if (r.right.late) counts.late++;
    lastRecordTime = r.right.recordTime;
    console.log(JSON.stringify({ updateId: r.right.updateId, recordTime: r.right.recordTime, source: r.right.source }));
  }),
  env.MAX_UPDATES ? take(Number(env.MAX_UPDATES)) : tap(),
);
// A status line a second while the feed runs.
const status = interval(1000).subscribe(() => console.error(JSON.stringify({ status: counts, at: lastRecordTime })));
const end$ = env.DURATION_MS ? merge(stop, timer(Number(env.DURATION_MS))) : stop;
try {
  await lastValueFrom(feed$.pipe(takeUntil(end$)), { defaultValue: undefined });
} finally {
  status.unsubscribe();
}
console.error(JSON.stringify({ done: counts }));
await net?.close();
