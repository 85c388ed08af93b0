import assert from 'node:assert/strict';
import { poolEventReporter } from '../../src/cli/poolEventReporter';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedScans } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('poolEventReporter', function () {
  this.timeout(60_000);

  it('prints each pool event as a JSON line, or a readable line on a terminal; nothing when quiet', () => {
    const json = fakeIo();
    poolEventReporter(json.io, 'scan updates', false)({ type: 'liar', scan: 'https://b/api/scan', path: '/v2/updates', updateId: 'u1', untilMs: 600_000, against: ['https://a/api/scan', 'https://c/api/scan', 'https://d/api/scan'] });
    assert.deepEqual(json.stderr.json(), [{ event: 'pool', type: 'liar', scan: 'https://b/api/scan', path: '/v2/updates', updateId: 'u1', untilMs: 600_000, against: ['https://a/api/scan', 'https://c/api/scan', 'https://d/api/scan'] }]);
    const tty = fakeIo({}, { tty: true });
    const report = poolEventReporter(tty.io, 'scan updates', false);
    report({ type: 'unhealthy', scan: 'https://c/api/scan', untilMs: 5000, reason: 'HTTP 503' });
    report({ type: 'rate', host: 'c', ratePerSecond: 2 });
    report({ type: 'conflict', path: '/v2/updates', updateId: 'u2', sides: [['https://a/api/scan', 'https://b/api/scan'], ['https://c/api/scan']] });
    assert.match(tty.stderr.text, /scan updates: pool: Scans disagree on \/v2\/updates at update u2 \(https:\/\/a\/api\/scan, https:\/\/b\/api\/scan against https:\/\/c\/api\/scan\); nobody excluded\n/);
    assert.match(tty.stderr.text, /scan updates: pool: https:\/\/c\/api\/scan set aside as unhealthy: HTTP 503\n/);
    assert.match(tty.stderr.text, /scan updates: pool: c rate cut to 2 requests a second\n/);
    const quiet = fakeIo();
    poolEventReporter(quiet.io, 'x', true)({ type: 'rate', host: 'c', ratePerSecond: 2 });
    assert.equal(quiet.stderr.text, '');
  });

  it('scan updates --scan-urls with a lying Scan among four: the liar is named on stderr, the output is the clean history', async () => {
    const scans = await startSimulatedScans({ seed: 'cli-pool-events', updates: 60, scans: [{}, { byzantine: true }, {}, {}] });
    try {
      const clean = fakeIo();
      assert.equal(await runCli(['scan', 'updates', '--scan-url', scans.urls[0]!, '-q'], clean.io), 0);
      const pooled = fakeIo();
      assert.equal(await runCli(['scan', 'updates', '--scan-urls', scans.urls.join(','), '--page-size', '20'], pooled.io), 0, pooled.stderr.text);
      assert.deepEqual(pooled.stdout.lines(), clean.stdout.lines());
      const events = pooled.stderr.json().filter((l) => l['event'] === 'pool');
      assert.ok(
        events.some((e) => (e['type'] === 'liar' || e['type'] === 'disagreed') && e['scan'] === scans.urls[1]),
        JSON.stringify(events),
      );
    } finally {
      await scans.close();
    }
  });
});
