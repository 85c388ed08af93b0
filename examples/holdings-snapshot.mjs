// A holdings snapshot job: the active holdings of some owners at Scan's latest snapshot at or
// before a time, summed per owner and template (exactly: amounts are decimal strings), written as
// one JSON document. Run it from cron;
// it reads page after page (scan.holdings), retrying what a public Scan throws at it.
//
//   CANTON_RX_SCAN_URL=https://scan.example.com/api/scan OWNERS=alice::1220..,bob::1220.. MIGRATION_ID=4 node examples/holdings-snapshot.mjs
//
// AT (default: now) is the time the snapshot is taken at or before. Without CANTON_RX_SCAN_URL it
// starts a simulated network and reads alice's and bob's holdings there.
import { createClient, formatError, sumDecimals } from 'canton-rx';
import { startSimulatedNetwork } from 'canton-rx/testkit';
import { lastValueFrom, reduce } from 'rxjs';

const env = process.env;
const net = env.CANTON_RX_SCAN_URL ? undefined : await startSimulatedNetwork({ updates: Number(env.SIM_UPDATES ?? 2000) });
const owners = env.OWNERS ? env.OWNERS.split(',') : [net.party('alice'), net.party('bob')];
const migrationId = env.MIGRATION_ID ? Number(env.MIGRATION_ID) : net.info().snapshots.at(-1).migrationId;
const at = env.AT ?? new Date().toISOString();
const client = createClient({ scan: { url: env.CANTON_RX_SCAN_URL ?? net.scanUrl } });

// Amounts are Daml `Decimal`s (Numeric 10: up to 28 digits and 10 decimals), sent as strings. A
// float sum drifts (79916.34471599999); sumDecimals adds them exactly and writes a decimal string.
const request = { migration_id: migrationId, record_time: at, record_time_match: 'at_or_before', page_size: 500, owner_party_ids: owners };
const summary = await lastValueFrom(
  client.scan.holdings(request, { retry: { maxRetries: 8 } }).pipe(
    reduce(
      (acc, r) => {
        if (acc.error !== undefined) return acc;
        if (r._tag === 'Left') return { ...acc, error: formatError(r.left) };
        const c = r.right;
        const owner = typeof c.create_arguments.owner === 'string' ? c.create_arguments.owner : 'unknown';
        const template = c.template_id.split(':').slice(1).join(':');
        const amount = String(c.create_arguments.amount?.initialAmount ?? '0');
        const row = (acc.owners[owner] ??= {});
        const cell = (row[template] ??= { contracts: 0, initialAmount: '0' });
        cell.contracts++;
        cell.initialAmount = sumDecimals([cell.initialAmount, amount]);
        acc.contracts++;
        return acc;
      },
      { migrationId, atOrBefore: at, contracts: 0, owners: {}, error: undefined },
    ),
  ),
);
console.log(JSON.stringify(summary, undefined, 2));
await net?.close();
process.exitCode = summary.error === undefined ? 0 : 1;
