// The page of examples/dashboard.html: tails a Scan (or a pool of Scans) through `scan.updates`
// and shows the items, their rate, how far behind the head it is, the health of each Scan and a
// chart of activity. Its checkpoint lives in localStorage: a reload continues exactly after the
// last item counted, with no repeat. Plain RxJS and the DOM, no UI framework.
//
// The Scans come from the query: dashboard.html?scan=<url>[&scan=<url>...][&page_size=100].
// They must answer CORS for the page's origin (see examples/browser.md); the simulated network
// does with `cors: true` (node examples/dashboard-serve.mjs starts one and serves this page).
import { checkpointOf, createClient, formatError, isHeartbeat } from 'canton-rx';
import { interval, switchMap, timer } from 'rxjs';

const params = new URLSearchParams(location.search);
const urls = params.getAll('scan');
const pageSize = Number(params.get('page_size') ?? 100);
const $ = (id) => document.getElementById(id);

// What was counted and where to continue, as one localStorage value: they change together.
const storageKey = `canton-rx-dashboard:${urls.join(' ')}`;
const stored = (() => {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    return saved !== null && typeof saved.total === 'number' ? saved : { total: 0, checkpoint: undefined };
  } catch {
    return { total: 0, checkpoint: undefined };
  }
})();

const state = {
  total: stored.total,
  session: 0,
  lastRecordTime: stored.checkpoint?.record_time,
  headRecordTime: undefined,
  caughtUp: false,
  status: 'starting',
  /** Items per second, one bin a second, the newest last. */
  bins: new Array(60).fill(0),
  latest: [],
  /** The health of each Scan: `ok`, `unhealthy` (with a reason, until a time) or `excluded` (a liar). */
  health: new Map(urls.map((url) => [url, { state: 'ok', note: '', untilMs: 0 }])),
};
// For the console and for the test that drives this page: the update ids of this session, in order.
window.dashboard = { ids: [] };

const scanOf = (url) => state.health.get(url) ?? state.health.set(url, { state: 'ok', note: '', untilMs: 0 }).get(url);
// A pool tells of each Scan; a single Scan's health is what its retries say.
const onEvent = (e) => {
  if (e.type === 'unhealthy') Object.assign(scanOf(e.scan), { state: 'unhealthy', note: e.reason, untilMs: e.untilMs });
  if (e.type === 'liar') Object.assign(scanOf(e.scan), { state: 'excluded', note: `served ${e.updateId} unlike the others` });
  if (e.type === 'disagreed') scanOf(e.scan).note = `disagreed on ${e.path}`;
  if (e.type === 'rate') for (const url of urls) if (url.startsWith(e.host)) scanOf(url).note = `rate cut to ${e.ratePerSecond}/s`;
};
const onRetry = (info) => {
  state.status = `retrying (attempt ${info.attempt}, in ${Math.round(info.delayMs)} ms): ${formatError(info.error)}`;
  if (urls.length === 1) Object.assign(scanOf(urls[0]), { state: 'unhealthy', note: formatError(info.error), untilMs: Date.now() + info.delayMs });
};

const client = createClient({ scan: urls.length > 1 ? { urls, onEvent } : { url: urls[0] }, timeoutMs: 10_000 });

const updates = client.scan.updates(
  { page_size: pageSize },
  { from: stored.checkpoint, tail: { intervalMs: 500 }, heartbeats: true, retry: { initialDelayMs: 200, maxDelayMs: 2000, onRetry } },
);

updates.subscribe({
  next: (r) => {
    if (r._tag === 'Left') {
      state.status = `stopped: ${formatError(r.left)}`;
      return;
    }
    if (isHeartbeat(r.right)) {
      state.caughtUp = true;
      state.status = 'following the head';
      return;
    }
    const item = r.right;
    state.total++;
    state.session++;
    state.bins[state.bins.length - 1]++;
    state.caughtUp = false;
    state.status = 'reading';
    state.lastRecordTime = item.record_time;
    state.latest = [`${item.record_time}  ${item.update_id}`, ...state.latest.slice(0, 9)];
    window.dashboard.ids.push(item.update_id);
    if (urls.length === 1 && scanOf(urls[0]).state === 'unhealthy') Object.assign(scanOf(urls[0]), { state: 'ok', note: '' });
    // Counted and checkpointed in one write: a reload at any instant resumes after exactly this item.
    localStorage.setItem(storageKey, JSON.stringify({ total: state.total, checkpoint: checkpointOf(item) }));
  },
  // The error channel carries defects only (expected failures are Lefts).
  error: (e) => {
    state.status = `defect: ${e instanceof Error ? e.message : String(e)}`;
  },
});

// The head: Scan's latest record time, every 2 s (a Scan without that endpoint leaves it unknown).
timer(0, 2000)
  .pipe(switchMap(() => client.scan.getLatestEventRecordTime()))
  .subscribe((r) => {
    state.headRecordTime = r._tag === 'Right' ? r.right.record_time : undefined;
  });

const lagText = () => {
  if (state.caughtUp) return 'caught up';
  if (state.headRecordTime === undefined || state.lastRecordTime === undefined) return '…';
  const ms = Math.max(0, Date.parse(state.headRecordTime) - Date.parse(state.lastRecordTime));
  return ms < 1000 ? `${ms} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`;
};

const drawChart = () => {
  const canvas = $('chart');
  const g = canvas.getContext('2d');
  const max = Math.max(1, ...state.bins);
  const w = canvas.width / state.bins.length;
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#3b6fd8';
  state.bins.forEach((n, i) => {
    const h = (n / max) * (canvas.height - 14);
    g.fillRect(i * w + 1, canvas.height - h, w - 2, h);
  });
  g.fillStyle = '#666';
  g.font = '11px system-ui';
  g.fillText(`max ${max}/s`, 4, 11);
};

const render = () => {
  $('total').textContent = String(state.total);
  $('session').textContent = String(state.session);
  const recent = state.bins.slice(-6, -1);
  $('rate').textContent = (recent.reduce((a, b) => a + b, 0) / recent.length).toFixed(1);
  $('lag').textContent = lagText();
  $('status').textContent = state.status;
  const now = Date.now();
  $('health').replaceChildren(
    ...[...state.health].map(([url, h]) => {
      const li = document.createElement('li');
      const s = h.state === 'unhealthy' && now >= h.untilMs ? 'ok' : h.state;
      li.className = s;
      li.textContent = `${url}: ${s}${h.note && s !== 'ok' ? ` (${h.note})` : ''}`;
      return li;
    }),
  );
  $('latest').replaceChildren(
    ...state.latest.map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  drawChart();
};

$('source').textContent = urls.length === 0 ? 'no Scan: add ?scan=<url> to the address' : urls.length === 1 ? urls[0] : `a pool of ${urls.length} Scans`;
// Four frames a second; the chart moves on by one bin each second.
interval(250).subscribe((n) => {
  if (n % 4 === 3) state.bins = [...state.bins.slice(1), 0];
  render();
});
render();
