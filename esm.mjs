import { fork } from 'node:child_process';
import { createClient } from '/work/wt/workers/dist/esm/index.js';
import { lastValueFrom, reduce } from 'rxjs';
const child = fork('/work/wt/workers/.build/bench/poolScans.js', [JSON.stringify({ scans: 1, items: 6000, latencyMs: 5, byzantine: [] })]);
child.once('message', async (m) => {
  const scan = createClient({ scan: { url: m.urls[0] } }).scan;
  const c = await lastValueFrom(scan.backfill({ page_size: 500 }, { workers: 2 }).pipe(reduce((a, r) => (r._tag === 'Left' ? (console.log(r.left), a) : a + 1), 0)));
  console.log('esm', c);
  child.kill();
});
