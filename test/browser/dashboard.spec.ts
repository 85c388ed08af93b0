import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { startSimulatedNetwork, startSimulatedScans, type SimulatedNetwork, type SimulatedScans } from '../../src/testkit';
import { requireOrSkip } from '../helpers/localServers';
import { projectRoot } from '../helpers/paths';
import { builtPackage } from './bundle';

const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

const scanIds = async (url: string): Promise<string[]> =>
  (await lastValueFrom(createClient({ scan: { url } }).scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()))).map((i) => i.update_id);

/** The text of the page's figures, by element id. */
const figures = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => Object.fromEntries(['total', 'session', 'rate', 'lag', 'status'].map((id) => [id, document.getElementById(id)?.textContent ?? ''])));

/** Waits until the page has counted `total` items in all and `session` in this session, and follows the head. */
const waitForCounts = async (page: Page, total: number, session: number): Promise<void> => {
  await page
    .waitForFunction(
      (t: number, s: number) => document.getElementById('total')?.textContent === String(t) && document.getElementById('session')?.textContent === String(s) && document.getElementById('status')?.textContent === 'following the head',
      { timeout: 60_000, polling: 100 },
      total,
      session,
    )
    .catch(async (e: unknown) => {
      throw new Error(`the page never showed ${total} items (${session} this session): ${JSON.stringify(await figures(page))} (${String(e)})`);
    });
};

describe('examples/dashboard.html in headless Chromium', function () {
  // The package build (when src changed), the page bundle and a browser: tens of seconds here.
  this.timeout(300_000);
  let browser: Browser | undefined;
  let net: SimulatedNetwork | undefined;
  let served: Served | undefined;
  let serve: (o: { scanUrls: string[]; pageSize: number }) => Promise<Served>;

  before(async function () {
    requireOrSkip(this, existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (set CHROMIUM to its path)`);
    await builtPackage();
    net = await startSimulatedNetwork({ seed: 'dashboard', updates: 300, migrations: 2, cors: true });
    // The page comes from another origin (its own port) than the Scan: every read is a CORS one.
    ({ serveDashboard: serve } = (await import(join(projectRoot, 'examples', 'dashboard-serve.mjs'))) as { serveDashboard: typeof serve });
    served = await serve({ scanUrls: [net.scanUrl], pageSize: 25 });
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });

  after(async () => {
    await browser?.close();
    await served?.close();
    await net?.close();
  });

  it('shows the right counts, survives Scan faults, resumes from localStorage after a reload without a repeat, with no console error', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    const failedLoads: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      // Chromium's own line for a request that failed: the faults injected below cause these.
      if (/^Failed to load resource/.test(m.text())) failedLoads.push(m.text());
      else problems.push(`console error: ${m.text()}`);
    });

    await page.goto(served!.url);
    await waitForCounts(page, 300, 300);
    const first = await figures(page);
    assert.equal(first['lag'], 'caught up');
    assert.match(first['rate']!, /^\d+\.\d$/);
    assert.deepEqual(await page.$$eval('#health li', (lis) => lis.map((li) => li.className)), ['ok']);

    // Faults of every kind on the Scan while it grows: retried, nothing lost or repeated.
    net!.setFaults({ rate: 0.5, kinds: [503, 429, 'reset', 'truncate', 'invalid-json'], only: 'scan', retryAfterSeconds: 0 });
    net!.append(200);
    await waitForCounts(page, 500, 500);
    const injected = net!.stats().faults.length;
    assert.ok(injected > 0, 'no fault was injected');
    net!.setFaults([]);
    const firstSession = await page.evaluate(() => (window as unknown as { dashboard: { ids: string[] } }).dashboard.ids);

    // A reload: the page starts again from its localStorage checkpoint and count.
    await page.reload();
    net!.append(50);
    await waitForCounts(page, 550, 50);
    const secondSession = await page.evaluate(() => (window as unknown as { dashboard: { ids: string[] } }).dashboard.ids);
    assert.deepEqual([...firstSession, ...secondSession], await scanIds(net!.scanUrl));
    assert.equal(new Set([...firstSession, ...secondSession]).size, 550);

    assert.deepEqual(problems, []);
    // Chromium logs the failed requests it saw, no more of them than faults were injected.
    assert.ok(failedLoads.length <= injected, `${failedLoads.length} failed loads for ${injected} faults`);
    await page.close();
  });

  it('a pool of Scans: shows the Scan that fails as unhealthy and counts every item once', async () => {
    const set: SimulatedScans = await startSimulatedScans({ seed: 'dashboard-pool', updates: 200, migrations: 1, cors: true, scans: [{}, {}, { faults: { rate: 1, kinds: [503] } }] });
    const pool = await serve({ scanUrls: [...set.urls], pageSize: 50 });
    const page = await browser!.newPage();
    try {
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) problems.push(`console error: ${m.text()}`);
      });
      await page.goto(pool.url);
      await waitForCounts(page, 200, 200);
      await page.waitForFunction((bad: string) => Array.from(document.querySelectorAll('#health li.unhealthy')).some((li) => li.textContent?.startsWith(bad)), { timeout: 30_000, polling: 100 }, set.urls[2]!);
      assert.deepEqual(await page.$$eval('#health li', (lis) => lis.length), 3);
      const ids = await page.evaluate(() => (window as unknown as { dashboard: { ids: string[] } }).dashboard.ids);
      assert.deepEqual(ids, await scanIds(set.urls[0]!));
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      await pool.close();
      await set.close();
    }
  });
});
