import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clockReader } from './internal/clock.js';
import { FaultInjector } from './internal/faults.js';
import { History } from './internal/history/History.js';
import { LedgerIndex } from './internal/ledgerView.js';
import { seedNumber } from './internal/prng.js';
import { scanRoundRoutes } from './internal/routes/scanReadRoutes.js';
import { scanRoutes } from './internal/routes/scanRoutes.js';
import { scanPagedRoutes } from './internal/routes/scanPagedRoutes.js';
import { registryRoutes } from './internal/routes/registryRoutes.js';
import { listScansRoute, migrationInfoRoute, withKnobs, type KnobState } from './internal/scans/knobs.js';
import { requestListener } from './internal/server.js';
import { answerCors } from './internal/answerCors.js';
import { NetworkState } from './internal/state.js';
import { StatsRecorder } from './internal/stats.js';
import type { ScanKnobs, SimulatedScan, SimulatedScans, SimulatedScansOptions } from './scansTypes.js';

const checkKnobs = (k: ScanKnobs, at: string): void => {
  if (k.lag !== undefined && !(Number.isSafeInteger(k.lag) && k.lag >= 0)) throw new RangeError(`${at}.lag must be an integer ≥ 0, got ${k.lag}`);
  if (k.latencyMs !== undefined && !(Number.isFinite(k.latencyMs) && k.latencyMs >= 0)) throw new RangeError(`${at}.latencyMs must be a number ≥ 0, got ${k.latencyMs}`);
  if (k.rateLimit !== undefined && !(k.rateLimit.burst >= 1 && k.rateLimit.perSecond >= 0)) throw new RangeError(`${at}.rateLimit needs burst ≥ 1 and perSecond ≥ 0`);
  const rate = typeof k.byzantine === 'object' ? k.byzantine.rate : undefined;
  if (rate !== undefined && !(rate >= 0 && rate <= 1)) throw new RangeError(`${at}.byzantine.rate must be within [0, 1], got ${rate}`);
};

// A lagging Scan sees a prefix of the shared history: the same object with a shorter `updates`.
const laggingView = (history: History, lag: () => number): History => {
  let cache: { length: number; lag: number; view: History['updates'] } | undefined;
  return new Proxy(history, {
    get: (target, p) => {
      if (p !== 'updates') return Reflect.get(target, p, target) as unknown;
      const l = lag();
      if (l === 0) return target.updates;
      if (cache === undefined || cache.length !== target.updates.length || cache.lag !== l) {
        cache = { length: target.updates.length, lag: l, view: target.updates.slice(0, Math.max(0, target.updates.length - l)) };
      }
      return cache.view;
    },
  });
};

const listen = (server: Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Starts several simulated Scans on `127.0.0.1` that serve one deterministic history (the same
 * as `startSimulatedNetwork`'s for the same seed and options), each on its own port with its own
 * knobs (lagging, still replicating, rate limited, late, Byzantine) and fault plan. Every Scan
 * lists the others under `GET /v0/scans` and answers `POST /v0/backfilling/migration-info`, and
 * serves Amulet's token standard registry at its host root (`/registry/...`, as
 * `startSimulatedNetwork({ registry: true })` does).
 * See docs/scans.md.
 *
 * @example
 * ```ts
 * import { startSimulatedScans } from 'canton-rx/testkit';
 * import { createClient } from 'canton-rx';
 *
 * const set = await startSimulatedScans({ scans: [{}, {}, { lag: 5 }, { byzantine: true }] });
 * const client = createClient({ scan: { urls: set.urls } });
 * await set.close();
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export async function startSimulatedScans(options: SimulatedScansOptions = {}): Promise<SimulatedScans> {
  const seedOption = options.seed ?? 1;
  const seed = String(seedOption);
  const knobList = options.scans ?? [{}, {}, {}, {}];
  if (knobList.length < 1) throw new RangeError('scans needs at least one Scan');
  knobList.forEach((k, i) => checkKnobs(k, `scans[${i}]`));
  const migrations = options.migrations ?? 3;
  const updates = options.updates ?? 500;
  if (!(Number.isSafeInteger(migrations) && migrations >= 1)) throw new RangeError(`migrations must be an integer ≥ 1, got ${migrations}`);
  if (!(Number.isSafeInteger(updates) && updates >= 1)) throw new RangeError(`updates must be an integer ≥ 1, got ${updates}`);
  const clock = clockReader(options.clock);
  const history = new History({
    seed,
    seedNumber: seedNumber(seedOption),
    genesisMicros: Date.UTC(2025, 5, 1) * 1000,
    initialUpdates: Math.max(updates, migrations),
    migrations,
    firstMigrationId: 0,
    snapshotEvery: 100,
    initialRound: 0,
    tiedRecordTimes: options.tiedRecordTimes ?? 0,
    users: ['alice', 'bob', 'charlie', 'dave', 'eve', 'frank'],
    validators: ['validator-1', 'validator-2'],
    svs: ['sv-1', 'sv-2', 'sv-3'],
    externalParties: ['external-1', 'external-2'],
  });
  const hosted = new Set<string>();
  const ledger = new LedgerIndex(seed, hosted, history);
  history.bootstrap();

  const servers: Server[] = [];
  const handles: Array<SimulatedScan & { readonly knobs: KnobState }> = [];
  const listed = () => handles.filter((h) => h.knobs.knobs.listed !== false).map((h) => ({ publicUrl: h.url, svName: h.name }));
  try {
    for (let i = 0; i < knobList.length; i++) {
      const knobs: KnobState = { knobs: { ...knobList[i]! }, tokens: knobList[i]!.rateLimit?.burst ?? 0, refilledAt: Date.now() };
      const name = `sv-${i + 1}`;
      const view = laggingView(history, () => knobs.knobs.lag ?? 0);
      const state = new NetworkState(`${seed}`, view, ledger, {
        users: [],
        requireAuth: false,
        trafficEnforcement: false,
        trafficBalances: new Map(),
        identityProviders: [],
        ansAcronym: 'cns',
        bulkChecksums: undefined,
        bulkObjects: undefined,
        bulkNotConfiguredStatus: 400,
        shortPages: options.shortPages ?? 0,
        clock,
      });
      // Every Scan serves Amulet's token standard registry at its host root, over its own (lagging)
      // view, and the rounds open now (on the set's clock), as the official clients ask for them.
      const routes = [...scanRoutes(state), ...scanPagedRoutes(state), ...scanRoundRoutes(state), ...registryRoutes(state), listScansRoute(() => history.globalSynchronizer, listed, options.extraDomains ?? []), migrationInfoRoute(() => view)].map((r) =>
        withKnobs(r, knobs, name, i),
      );
      const faults = new FaultInjector(knobs.knobs.faults, `${seed}/${name}`);
      const stats = new StatsRecorder();
      const listener = requestListener(state, routes, faults, stats);
      const server = createServer((req, res) => {
        if (options.cors === true && answerCors(req, res)) return;
        void listener(req, res);
      });
      server.keepAliveTimeout = 1000;
      servers.push(server);
      const port = await listen(server);
      const url = `http://127.0.0.1:${port}`;
      handles.push({
        name,
        url,
        scanUrl: `${url}/api/scan`,
        knobs,
        set: (k) => {
          const next = { ...knobs.knobs, ...k };
          checkKnobs(next, name);
          if (k.faults !== undefined) faults.set(k.faults);
          if (k.rateLimit !== undefined) {
            knobs.tokens = k.rateLimit.burst;
            knobs.refilledAt = Date.now();
          }
          knobs.knobs = next;
        },
        stats: () => stats.snapshot(),
      });
    }
  } catch (e) {
    for (const s of servers) s.close();
    throw e;
  }
  let closed: Promise<void> | undefined;
  return {
    scans: handles.map(({ name, url, scanUrl, set, stats }) => ({ name, url, scanUrl, set, stats })),
    urls: handles.map((h) => h.scanUrl),
    synchronizerId: history.globalSynchronizer,
    info: () => ({ updates: history.updates.length, migrationIds: [...new Set(history.updates.map((u) => u.migrationId))] }),
    append: (n: number) => {
      if (!(Number.isSafeInteger(n) && n >= 0)) throw new RangeError(`append(n) needs an integer ≥ 0, got ${n}`);
      history.append(n);
    },
    close: () => {
      closed ??= Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve, reject) => {
              server.close((err) => (err === undefined ? resolve() : reject(err)));
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined);
      return closed;
    },
  };
}
