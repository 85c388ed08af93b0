import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clockReader } from './internal/clock.js';
import { FaultInjector } from './internal/faults.js';
import { History } from './internal/history/History.js';
import { LedgerIndex } from './internal/ledgerView.js';
import { hash32, seedNumber } from './internal/prng.js';
import { Participant } from './internal/participant.js';
import { commandRoutes } from './internal/routes/commandRoutes.js';
import { ledgerAdminRoutes } from './internal/routes/ledgerAdminRoutes.js';
import { ledgerHashRoutes } from './internal/routes/ledgerHashRoutes.js';
import { ledgerReadRoutes } from './internal/routes/ledgerReadRoutes.js';
import { ledgerRoutes } from './internal/routes/ledgerRoutes.js';
import { ledgerVettingRoutes } from './internal/routes/ledgerVettingRoutes.js';
import { scanReadRoutes } from './internal/routes/scanReadRoutes.js';
import { scanRoutes } from './internal/routes/scanRoutes.js';
import { stateRoutes } from './internal/routes/stateRoutes.js';
import { validatorReadRoutes } from './internal/routes/validatorReadRoutes.js';
import { scanPagedRoutes } from './internal/routes/scanPagedRoutes.js';
import { scanListRoutes } from './internal/routes/scanListRoutes.js';
import { validatorRoutes } from './internal/routes/validatorRoutes.js';
import { registryRoutes } from './internal/routes/registryRoutes.js';
import { requestListener } from './internal/server.js';
import { answerCors } from './internal/answerCors.js';
import { NetworkState, type ResolvedOptions } from './internal/state.js';
import { StatsRecorder } from './internal/stats.js';
import { serveWebSocketChannels } from './internal/webSocketChannels.js';
import { formatDateTime, formatMicros6, parseMicros } from './internal/time.js';
import type { NetworkInfo, SimulatedNetwork, SimulatedNetworkOptions } from './types.js';

const DEFAULT_USERS = ['alice', 'bob', 'charlie', 'dave', 'eve', 'frank'] as const;
const VALIDATORS = ['validator-1', 'validator-2'] as const;
const SVS = ['sv-1', 'sv-2', 'sv-3'] as const;
const EXTERNAL = ['external-1', 'external-2'] as const;

const positiveInt = (name: string, value: number | undefined, fallback: number, min = 1): number => {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${name} must be an integer ≥ ${min}, got ${v}`);
  return v;
};

const probability = (name: string, value: number | undefined): number => {
  const v = value ?? 0;
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new RangeError(`${name} must be a probability in [0, 1], got ${v}`);
  return v;
};

/**
 * Starts a simulated Canton network on `127.0.0.1` (port 0 by default): one deterministic history
 * served by a participant's Ledger JSON API (`/v2/...`), a validator (`/api/validator/...`) and
 * Scan (`/api/scan/...`), in the wire formats of the upstream specs. The same seed gives the same
 * bytes. See docs/testkit.md for the routes, the token scheme and the fault plan.
 *
 * @example
 * ```ts
 * import { mintToken, startSimulatedNetwork } from 'canton-rx/testkit';
 *
 * const net = await startSimulatedNetwork({ seed: 42, updates: 300 });
 * const page = await fetch(`${net.scanUrl}/v2/updates`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ page_size: 100 }),
 * }).then((r) => r.json());
 * const token = mintToken({ userId: 'alice', actAs: [net.party('alice')] });
 * net.append(10); // live growth
 * await net.close();
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export async function startSimulatedNetwork(options: SimulatedNetworkOptions = {}): Promise<SimulatedNetwork> {
  const seedOption = options.seed ?? 1;
  const seed = String(seedOption);
  const genesisText = options.genesisTime ?? '2025-06-01T00:00:00Z';
  const genesisMicros = parseMicros(genesisText);
  if (genesisMicros === undefined) throw new RangeError(`genesisTime is not an ISO-8601 instant: ${genesisText}`);
  const users = options.userParties ?? DEFAULT_USERS;
  const knownHints = new Set<string>(['DSO', ...SVS, ...VALIDATORS, ...users, ...EXTERNAL]);
  const hostedHints = options.hostedParties ?? ['validator-1', 'alice', 'bob'];
  for (const h of hostedHints) if (!knownHints.has(h)) throw new RangeError(`hostedParties: unknown party hint ${h}`);
  const migrations = positiveInt('migrations', options.migrations, 3);

  const history = new History({
    seed,
    seedNumber: seedNumber(seedOption),
    genesisMicros,
    initialUpdates: Math.max(positiveInt('updates', options.updates, 500), migrations),
    migrations,
    firstMigrationId: positiveInt('firstMigrationId', options.firstMigrationId, 0, 0),
    snapshotEvery: positiveInt('snapshotEvery', options.snapshotEvery, 100),
    initialRound: positiveInt('initialRound', options.initialRound, 0, 0),
    tiedRecordTimes: probability('tiedRecordTimes', options.tiedRecordTimes),
    transferOffers: probability('transferOffers', options.transferOffers),
    tokenFlows: probability('tokenFlows', options.tokenFlows),
    users: [...users],
    validators: [...VALIDATORS],
    svs: [...SVS],
    externalParties: [...EXTERNAL],
    ...(options.migrationOverlapMs === undefined ? {} : { migrationOverlapMicros: positiveInt('migrationOverlapMs', options.migrationOverlapMs, 1) * 1000 }),
  });
  const idOf = (hint: string): string => {
    const id = history.partyIds.get(hint);
    if (id === undefined) throw new RangeError(`unknown party hint ${hint}; known: ${[...history.partyIds.keys()].join(', ')}`);
    return id;
  };
  const hosted = new Set(hostedHints.map(idOf));
  const ledger = new LedgerIndex(seed, hosted, history);
  history.bootstrap();
  ledger.pruningOffset = positiveInt('pruningOffset', options.pruningOffset, 0, 0);

  const balances = new Map<string, number>();
  if (options.trafficBalances !== undefined) for (const [p, b] of Object.entries(options.trafficBalances)) balances.set(p, b);
  else for (const p of [...hosted].sort()) balances.set(p, 100_000 + (hash32(seed, 'traffic', p) % 900_000));

  const resolved: ResolvedOptions = {
    users: options.users ?? [],
    requireAuth: options.requireAuth ?? true,
    audience: options.audience,
    jwks: options.jwks,
    trafficEnforcement: options.trafficEnforcement ?? false,
    trafficBalances: balances,
    identityProviders: (options.identityProviders ?? [{ identityProviderId: 'idp-simulated', issuer: 'https://idp.simulated.invalid', jwksUrl: 'https://idp.simulated.invalid/.well-known/jwks.json', audience: 'https://canton.network.global' }]).map((p) => ({
      identityProviderId: p.identityProviderId,
      issuer: p.issuer,
      jwksUrl: p.jwksUrl,
      isDeactivated: p.isDeactivated ?? false,
      audience: p.audience ?? '',
    })),
    ansAcronym: options.ansAcronym ?? 'cns',
    bulkChecksums: options.bulkStorage === undefined ? undefined : new Map(Object.entries(options.bulkStorage.checksums)),
    bulkObjects: options.bulkStorage === undefined ? undefined : new Map(Object.entries(options.bulkStorage.objects ?? {})),
    bulkNotConfiguredStatus: options.bulkNotConfiguredStatus ?? 400,
    shortPages: probability('shortPages', options.shortPages),
    clock: clockReader(options.clock),
  };
  const state = new NetworkState(seed, history, ledger, resolved);
  const faults = new FaultInjector(options.faults, seed);
  // Every option is checked before the server listens: a bad one must not leave a socket open.
  if (options.growth !== undefined) {
    positiveInt('growth.everyMs', options.growth.everyMs, 1);
    positiveInt('growth.count', options.growth.count, 1);
  }
  const stats = new StatsRecorder();
  const participant = new Participant(state);
  const routes = [
    ...ledgerRoutes(state),
    ...stateRoutes(state),
    ...ledgerReadRoutes(state),
    ...ledgerHashRoutes(state, () => participant.completions),
    ...ledgerAdminRoutes(state, participant),
    ...ledgerVettingRoutes(state),
    ...commandRoutes(state, participant),
    ...validatorRoutes(state),
    ...scanRoutes(state),
    ...scanPagedRoutes(state),
    ...scanListRoutes(state),
    ...scanReadRoutes(state, () => origin),
    ...validatorReadRoutes(state),
    ...(options.registry === true ? registryRoutes(state) : []),
  ];
  const listener = requestListener(state, routes, faults, stats);
  const server = createServer((req, res) => {
    if (options.cors === true && answerCors(req, res)) return;
    void listener(req, res);
  });
  server.keepAliveTimeout = 1000;
  // The ledger's WebSocket channels, on the same server; completions are those of the accepted submissions.
  const webSockets = await serveWebSocketChannels(server, state, { ...(options.webSocketFaults !== undefined ? { faults: options.webSocketFaults } : {}), completions: () => participant.completions });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let growth: ReturnType<typeof setInterval> | undefined;
  if (options.growth !== undefined) {
    const { everyMs, count } = options.growth;
    growth = setInterval(() => history.append(count), everyMs);
    growth.unref();
  }

  const parties: Record<string, string> = {};
  for (const [hint, id] of history.partyIds) parties[hint] = id;
  let closed: Promise<void> | undefined;

  const info = (): NetworkInfo => {
    const kinds: Record<string, number> = {};
    for (const u of history.updates) kinds[u.label] = (kinds[u.label] ?? 0) + 1;
    const last = history.updates[history.updates.length - 1]!;
    return {
      updates: history.updates.length,
      kinds,
      migrationIds: [...new Set(history.updates.map((u) => u.migrationId))],
      last: { migrationId: last.migrationId, recordTime: formatMicros6(last.recordTime), updateId: last.updateId },
      ledgerEnd: ledger.end,
      pruningOffset: ledger.pruningOffset,
      snapshots: history.snapshots.map((s) => ({ migrationId: s.migrationId, recordTime: formatDateTime(s.recordTime) })),
      rounds: history.rounds(),
      pendingSubscriptions: [...history.pendingSubscriptions.keys()],
      ansEntries: history.ansEntries.map((e) => ({ contractId: e.contractId, name: e.name, user: e.user })),
    };
  };

  return {
    url: origin,
    ledgerUrl: origin,
    validatorUrl: `${origin}/api/validator`,
    scanUrl: `${origin}/api/scan`,
    port,
    dsoParty: history.dso,
    parties,
    hostedParties: [...hosted].sort(),
    party: idOf,
    routes: () => routes.map((r) => ({ method: r.method, path: r.template, group: r.group })),
    append: (n: number) => {
      positiveInt('append(n)', n, 0, 0);
      history.append(n);
    },
    acceptSubscription: (cid: string) => {
      const entry = history.acceptSubscription(cid);
      return { entryCid: entry.contractId, name: entry.name, user: entry.user };
    },
    setLive: (live: boolean) => {
      state.live = live;
    },
    setFaults: (plans) => faults.set(plans),
    setWebSocketFaults: (plan) => webSockets.setFaults(plan),
    webSocketStats: () => webSockets.stats(),
    prune: (offset: number) => {
      positiveInt('prune(offset)', offset, 0, 0);
      ledger.pruningOffset = offset;
    },
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    info,
    close: () => {
      if (closed !== undefined) return closed;
      if (growth !== undefined) clearInterval(growth);
      webSockets.close();
      closed = new Promise<void>((resolve, reject) => {
        server.close((err) => (err === undefined ? resolve() : reject(err)));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
