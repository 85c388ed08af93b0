import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { lastValueFrom, toArray } from 'rxjs';
import { runCli } from '../../src/cli/runCli';
import { ledgerUpdatesRequest } from '../../src/cli/ledgerUpdatesRequest';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

const query = async (file: string, sql: string) => {
  const instance = await DuckDBInstance.create(file);
  const db = await instance.connect();
  try {
    return (await db.runAndReadAll(sql)).getRowObjectsJson();
  } finally {
    db.closeSync();
    instance.closeSync();
  }
};

describe('the command line into DuckDB and Parquet: --sink duckdb:FILE, --sink parquet:DIR', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let dir: string;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-analytics', updates: 80 })));
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-cli-analytics-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const history = () => lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()));

  for (const kind of ['duckdb', 'parquet'] as const) {
    it(`scan updates --sink ${kind}:…: the history once; a rerun after growth stores only what is new, with progress`, async () => {
      const where = kind === 'duckdb' ? join(dir, 'history.duckdb') : join(dir, 'files');
      const argv = ['scan', 'updates', '--sink', `${kind}:${where}`, '--page-size', '25'];
      const first = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(argv, first.io), 0, first.stderr.lines().join('\n'));
      const before = await history();
      assert.equal((first.stderr.json().at(-1)!['done'] as { items: number }).items, before.length);
      net.append(7);
      const second = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(argv, second.io), 0, second.stderr.lines().join('\n'));
      assert.equal((second.stderr.json().at(-1)!['done'] as { items: number }).items, 7);
      const table = kind === 'duckdb' ? 'updates' : `read_parquet('${where}/updates/*/*/*.parquet')`;
      const rows = await query(kind === 'duckdb' ? where : ':memory:', `SELECT update_id FROM ${table} ORDER BY update_id`);
      assert.deepEqual(
        rows.map((r) => String(r.update_id)),
        (await history()).map((i) => i.update_id).sort(),
      );
    });
  }

  it('ledger updates --sink duckdb:…: the ledger feed in the same tables', async () => {
    const party = net.party('alice');
    const token = mintToken({ userId: 'alice', actAs: [party] });
    const file = join(dir, 'ledger.duckdb');
    const { io, stderr } = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: token });
    assert.equal(await runCli(['ledger', 'updates', '--party', party, '--shape', 'ledger-effects', '--page-size', '10', '--sink', `duckdb:${file}`, '-q'], io), 0, stderr.lines().join('\n'));
    const flags = { party: [party], templateId: [], shape: 'ledger-effects' as const, pageSize: 10 };
    const expected = await lastValueFrom(createClient({ ledger: { url: net.ledgerUrl, token } }).ledger.updates(ledgerUpdatesRequest(flags)).pipe(orThrow(), toArray()));
    const ids = expected.flatMap((u) => ('Transaction' in u ? [u.Transaction.value.updateId] : 'Reassignment' in u ? [u.Reassignment.value.updateId] : []));
    assert.ok(ids.length > 0);
    const rows = await query(file, 'SELECT update_id, migration_id FROM updates ORDER BY "offset"::BIGINT');
    assert.deepEqual(rows.map((r) => String(r.update_id)), ids);
    assert.ok(rows.every((r) => r.migration_id === null));
  });

  it('duckdb: and parquet: without a place are bad usage (exit 2)', async () => {
    for (const sink of ['duckdb:', 'parquet:']) {
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(['scan', 'updates', '--sink', sink], io), 2);
      assert.match(stderr.lines().join('\n'), /needs a/);
    }
  });
});
