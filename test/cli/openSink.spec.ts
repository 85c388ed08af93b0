import assert from 'node:assert/strict';
import type { NatsConnection } from 'nats';
import { openSink } from '../../src/cli/openSink';
import { runCli } from '../../src/cli/runCli';
import { UsageError } from '../../src/cli/UsageError';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { requireOrSkip } from '../helpers/localServers';
import { natsMissing, startNats, type NatsServer } from '../helpers/natsServer';
import { withoutModules } from '../helpers/withoutModules';
import { subjectContents } from '../nats/subjectContents';
import { fakeIo } from './fakeIo';

describe('openSink', () => {
  it('an unknown scheme, or pglite: without a folder, is bad usage that never quotes a password', async () => {
    await assert.rejects(openSink('mysql://user:hunter2@db/x', 's'), (e: Error) => e instanceof UsageError && /postgres:\/\/…, pglite:DIR, nats:\/\/…, duckdb:FILE or parquet:DIR/.test(e.message) && !e.message.includes('hunter2'));
    await assert.rejects(openSink('pglite:', 's'), UsageError);
  });

  it('a server that cannot be reached is bad usage naming the sink without its password', async () => {
    await assert.rejects(openSink('postgres://user:hunter2@127.0.0.1:9/db', 's'), (e: Error) => e instanceof UsageError && /cannot connect/.test(e.message) && !e.message.includes('hunter2'));
  });

  it('no NATS client installed: exit 2 and a message naming what to install, no stack (like pg and PGlite)', async () => {
    const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: 'http://127.0.0.1:9/api/scan' });
    const code = await withoutModules(['nats', '@nats-io/transport-node', '@nats-io/jetstream', '@nats-io/kv'], () => runCli(['scan', 'updates', '-q', '--sink', 'nats://user:hunter2@127.0.0.1:9'], io));
    assert.equal(code, 2, stderr.text);
    assert.match(stderr.text, /--sink needs the optional dependency nats \(or @nats-io\/transport-node, @nats-io\/jetstream and @nats-io\/kv\): npm install nats/);
    assert.doesNotMatch(stderr.text, /\n\s+at |hunter2/);
  });

  describe('nats:// on a real nats-server', function () {
    this.timeout(60_000);
    let net: SimulatedNetwork;
    let server: NatsServer | undefined;
    let nc: NatsConnection;

    before(async function () {
      requireOrSkip(this, natsMissing());
      net = await startSimulatedNetwork({ seed: 'cli-nats', updates: 60 });
      server = await startNats();
      nc = await server.connect();
    });
    after(async () => {
      await nc?.close();
      await server?.stop();
      await net?.close();
    });

    const feed = async (...extra: string[]) => {
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      const code = await runCli(['scan', 'updates', '-q', '--page-size', '25', '--sink', server!.url, ...extra], io);
      return { code, stderr: stderr.text };
    };
    const ids = async (stream: string, subject: string) => (await subjectContents(nc, stream)).filter((m) => m.subject === subject).map((m) => m.item.update_id);

    it('feeds side by side on one server, at once: each in a stream of its own, each whole', async () => {
      // Before: every feed went to one stream CANTON_RX made with the first feed's subject, and the second failed (503).
      const runs = await Promise.all([feed(), feed('--sink-name', 'other'), feed('--sink-name', 'third')]);
      assert.deepEqual(runs.map((r) => r.code), [0, 0, 0], runs.map((r) => r.stderr).join('\n'));
      const first = await ids('CANTON_RX_scan_updates', 'canton-rx.scan.updates');
      assert.equal(first.length, 60);
      assert.deepEqual(await ids('CANTON_RX_other', 'canton-rx.other'), first);
      assert.deepEqual(await ids('CANTON_RX_third', 'canton-rx.third'), first);
      // A rerun finds nothing new.
      assert.equal((await feed('--sink-name', 'other')).code, 0);
      assert.deepEqual(await ids('CANTON_RX_other', 'canton-rx.other'), first);
    });

    it('a feed an earlier version stored in the shared stream CANTON_RX stays there', async () => {
      await (await nc.jetstreamManager()).streams.add({ name: 'CANTON_RX', subjects: ['canton-rx.legacy'] });
      assert.equal((await feed('--sink-name', 'legacy')).code, 0);
      assert.equal((await ids('CANTON_RX', 'canton-rx.legacy')).length, 60);
      await assert.rejects((await nc.jetstreamManager()).streams.info('CANTON_RX_legacy'));
    });

    it('without nats 2.x, the modular client does the same', async () => {
      const run = await withoutModules(['nats'], () => feed('--sink-name', 'modular'));
      assert.equal(run.code, 0, run.stderr);
      assert.equal((await ids('CANTON_RX_modular', 'canton-rx.modular')).length, 60);
    });
  });
});
