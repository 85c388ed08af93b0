// A BFT read: several Scans read as one. Every answer needs f + 1 equal answers out of 2f + 1
// Scans asked, so one lying or lagging Scan out of four cannot change what you read. Reads the
// DSO party id and the whole update history through the pool and prints what the pool saw.
//
//   SCAN_URLS=https://scan.sv-1.example.com/api/scan,https://scan.sv-2.example.com/api/scan,... node examples/bft-read.mjs
//   DISCOVER=https://scan.sv-1.example.com/api/scan node examples/bft-read.mjs   # the Scans GET /v0/scans lists
//
// Without either it starts four simulated Scans (canton-rx/testkit startSimulatedScans), one of
// them Byzantine (it alters what it serves) and one lagging.
import { createHash } from 'node:crypto';
import { createClient, formatError } from 'canton-rx';
import { startSimulatedScans } from 'canton-rx/testkit';
import { lastValueFrom, reduce } from 'rxjs';

const env = process.env;
const sims = env.SCAN_URLS || env.DISCOVER ? undefined : await startSimulatedScans({ updates: Number(env.SIM_UPDATES ?? 1000), scans: [{}, { byzantine: true }, {}, { lag: 5 }] });
const events = {};
const client = createClient({
  scan: {
    ...(env.DISCOVER ? { discover: env.DISCOVER.split(',') } : { urls: env.SCAN_URLS ? env.SCAN_URLS.split(',') : sims.urls }),
    onEvent: (e) => (events[e.type] = (events[e.type] ?? 0) + 1),
  },
});

const dso = await lastValueFrom(client.scan.getDsoPartyId());
if (dso._tag === 'Left') throw new Error(formatError(dso.left));

// The items, counted and fingerprinted (a digest of their update ids in order), to compare with any other read.
const digest = createHash('sha256');
const history = await lastValueFrom(
  client.scan.updates({ page_size: 200 }, { retry: { maxRetries: 8 } }).pipe(
    reduce(
      (acc, r) => {
        if (acc.error !== undefined) return acc;
        if (r._tag === 'Left') return { ...acc, error: formatError(r.left) };
        digest.update(`${r.right.update_id}\n`);
        return { ...acc, items: acc.items + 1 };
      },
      { items: 0, error: undefined },
    ),
  ),
);
history.updateIdsSha256 = digest.digest('hex');
console.log(JSON.stringify({ dsoPartyId: dso.right.dso_party_id, history, poolEvents: events }));
await sims?.close();
process.exitCode = history.error === undefined ? 0 : 1;
