/**
 * The public types of the simulated network: its options, its handle, its fault plan and its
 * statistics.
 */

/**
 * The three HTTP groups the simulator serves, as faults and statistics name them.
 * @example
 * ```ts
 * const group: RouteGroup = 'scan';
 * net.setFaults({ rate: 1, kinds: [503], only: group });
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export type RouteGroup = 'ledger' | 'validator' | 'scan';

/**
 * A user the simulator knows. A bearer token is accepted when it is one of the `token` strings
 * given here (an opaque token), or when it is an unsigned JWT-like token whose `sub` names a user
 * (see {@link mintToken} and docs/testkit.md).
 * @example
 * ```ts
 * const net = await startSimulatedNetwork({
 *   users: [{ userId: 'ops', token: 'secret-ops-token', readAsAnyParty: true, admin: true }],
 * });
 * await fetch(`${net.ledgerUrl}/v2/idps/idp-simulated`, { headers: { authorization: 'Bearer secret-ops-token' } });
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface SimulatedUser {
  /** Ledger API user id (the `sub` of its JWTs). */
  readonly userId: string;
  /** An opaque bearer token for this user (optional). */
  readonly token?: string;
  /** Party ids the user can act as. */
  readonly actAs?: readonly string[];
  /** Party ids the user can read as. */
  readonly readAs?: readonly string[];
  /** Party ids the user can execute as (counts like actAs for the traffic endpoint). */
  readonly executeAs?: readonly string[];
  /** Participant admin (needed by `GET /v2/idps/{idp-id}`). */
  readonly admin?: boolean;
  /** May read as any party (needed by `filtersForAnyParty`). */
  readonly readAsAnyParty?: boolean;
  /** The wallet party of the user for the validator's ANS endpoints; defaults to `actAs[0]`. */
  readonly primaryParty?: string;
}

/**
 * One kind of injected fault. Numbers are HTTP statuses answered in the group's error format;
 * `'reset'` destroys the socket, `'truncate'` sends half the body, `'invalid-json'` corrupts a
 * 200 body, `'delay'` answers late.
 * @example
 * ```ts
 * const kinds: FaultKind[] = [503, 429, 'reset'];
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export type FaultKind = 500 | 503 | 429 | 'reset' | 'truncate' | 'invalid-json' | 'delay';

/**
 * Which requests a fault plan applies to. A string is a group; an object narrows by groups and
 * by route (the route id `"POST /api/scan/v2/updates"` or its path template `"/api/scan/v2/updates"`).
 * @example
 * ```ts
 * const onlyUpdates: RouteFilter = { groups: ['scan'], routes: ['POST /api/scan/v2/updates'] };
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export type RouteFilter = RouteGroup | readonly RouteGroup[] | { readonly groups?: readonly RouteGroup[]; readonly routes?: readonly string[] };

/**
 * A seeded, deterministic fault plan: for the n-th request of a route it draws, from
 * `(seed, plan index, route, n)` alone, whether to inject a fault and which one.
 * @example
 * ```ts
 * const net = await startSimulatedNetwork({
 *   faults: { rate: 0.25, kinds: [500, 429, 'truncate'], seed: 7, only: 'ledger', retryAfterSeconds: 2 },
 * });
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface FaultPlan {
  /** Probability in [0, 1] that a request gets a fault. */
  readonly rate: number;
  /** The kinds to choose from (uniformly). */
  readonly kinds: readonly FaultKind[];
  /** Seed of the draws; defaults to the network seed. */
  readonly seed?: number | string;
  /** Restricts the plan to some groups or routes; all routes when absent. */
  readonly only?: RouteFilter;
  /** Milliseconds of a `'delay'` fault, ≥ 0 (default 50). */
  readonly delayMs?: number;
  /** The `Retry-After` seconds of a 429 and of the ledger's 503, an integer ≥ 0 (default 1). */
  readonly retryAfterSeconds?: number;
}

/**
 * A clock the simulated network reads (the open mining rounds follow it): `'wall'` is the
 * machine's (`Date.now()`, fake timers included), `{ fixed: instant }` always reads that ISO-8601
 * instant, and a {@link ManualClock} (from {@link manualClock}) reads what the test sets.
 * @example
 * ```ts
 * const fixed: SimulatedClock = { fixed: '2025-06-01T00:00:00Z' };
 * const net = await startSimulatedNetwork({ clock: fixed });
 * ```
 * @category Testkit
 */
export type SimulatedClock = 'wall' | { readonly fixed: string } | ManualClock;

/**
 * A clock a test moves by hand (see {@link manualClock}); it never moves by itself.
 * @example
 * ```ts
 * const clock: ManualClock = manualClock('2026-01-01T00:00:00Z');
 * clock.advance(20_000); // one round's tick later
 * clock.now(); // '2026-01-01T00:00:20Z'
 * ```
 * @category Testkit
 */
export interface ManualClock {
  /** The instant it reads, ISO-8601 in UTC (whole milliseconds). */
  now(): string;
  /** Moves it on by `ms` milliseconds (a finite number ≥ 0). */
  advance(ms: number): void;
  /** Sets it to an ISO-8601 instant (backwards too). */
  set(instant: string): void;
}

/**
 * Options of {@link startSimulatedNetwork}. Every field is optional.
 * @example
 * ```ts
 * const options: SimulatedNetworkOptions = { seed: 'ci', updates: 2000, migrations: 2, trafficEnforcement: true };
 * const net = await startSimulatedNetwork(options);
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface SimulatedNetworkOptions {
  /** Seed of the whole history (default 1). The same seed gives the same bytes. */
  readonly seed?: number | string;
  /** Number of updates of the initial history (default 500). */
  readonly updates?: number;
  /** Record time of the first update is shortly after this instant (default `2025-06-01T00:00:00Z`). */
  readonly genesisTime?: string;
  /** Number of migration ids the initial history spans (default 3). */
  readonly migrations?: number;
  /** The first migration id (default 0). */
  readonly firstMigrationId?: number;
  /**
   * Overlapping migrations, as Scan's spec allows: each new migration's clock restarts this many
   * milliseconds (an integer ≥ 1) before its predecessor's last record time, then moves on by the
   * usual 0.2 to 2 s per update. Default: none (a gap of 10 to 20 minutes between migrations).
   */
  readonly migrationOverlapMs?: number;
  /** Scan takes an ACS snapshot after every this many updates of a migration, and at the end of each migration (default 100). */
  readonly snapshotEvery?: number;
  /** The number of the first mining round (default 0); reward accounting cannot provide it or earlier ones. */
  readonly initialRound?: number;
  /** Hints of the user parties (default alice, bob, charlie, dave, eve, frank). */
  readonly userParties?: readonly string[];
  /** Hints of the parties the participant (ledger) hosts (default `validator-1`, `alice`, `bob`). */
  readonly hostedParties?: readonly string[];
  /** Users whose tokens are accepted (see {@link SimulatedUser}). */
  readonly users?: readonly SimulatedUser[];
  /** Whether ledger and validator routes require a bearer token (default true; `entry/create` always does). */
  readonly requireAuth?: boolean;
  /**
   * The audience a JWT must carry in its `aud` claim (a string, or an array holding it), as
   * Canton 3.7 requires: a JWT without it is refused like any invalid token (401
   * `UNAUTHENTICATED`, over HTTP and WebSocket alike). Opaque `users` tokens are not JWTs and are
   * not checked. Default: no audience is checked.
   * @since 0.4.0
   */
  readonly audience?: string;
  /**
   * A JSON Web Key Set (`{ keys: [...] }`, as an identity provider publishes it) that every JWT's
   * signature must verify against (RS, PS, ES 256/384/512 or EdDSA; the key named by the header's
   * `kid`), as a participant configured with its identity provider does: a token it does not
   * verify, `mintToken`'s unsigned ones included, is refused (401 `UNAUTHENTICATED`, over HTTP and
   * WebSocket alike). Opaque `users` tokens are not JWTs and are accepted as before. Default: no
   * signature is checked (audience and expiry only).
   */
  readonly jwks?: { readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>> };
  /** Serve `GET /v2/traffic/accounts/{account-id}` (default false, like a participant without traffic enforcement). */
  readonly trafficEnforcement?: boolean;
  /** Traffic balances by party id; parties absent here have balance 0. Default: each hosted party has a seeded balance. */
  readonly trafficBalances?: Readonly<Record<string, number>>;
  /** Identity provider configs served by `GET /v2/idps/{idp-id}` (default one, `idp-simulated`). */
  readonly identityProviders?: ReadonlyArray<{ readonly identityProviderId: string; readonly issuer: string; readonly jwksUrl: string; readonly isDeactivated?: boolean; readonly audience?: string }>;
  /** The participant's pruning offset (default 0: never pruned). */
  readonly pruningOffset?: number;
  /** ANS acronym names must end with (`.unverified.<ans>`; default `cns`). */
  readonly ansAcronym?: string;
  /**
   * Bulk storage: objects' checksums (key → checksum) for `POST /v0/history/bulk/checksums`, and
   * the objects themselves (key → bytes) for `GET /v0/history/bulk/download/{object_key}`
   * (`client.scan.bulkStorageDownload`; an unknown key is a 404). Absent means not configured.
   */
  readonly bulkStorage?: { readonly checksums: Readonly<Record<string, string>>; readonly objects?: Readonly<Record<string, Uint8Array>> };
  /** The status of "bulk storage is not configured": 400 as the real server sends, or 501 as the spec says (default 400). */
  readonly bulkNotConfiguredStatus?: 400 | 501;
  /**
   * The chance (0 to 1, default 0) that a Scan history page (`/v1/updates`, `/v2/updates`) comes
   * back short while more results remain, as Splice's `PageLimit` allows: between 1 and
   * `page_size - 1` items, drawn per request. A page is never empty while results remain.
   */
  readonly shortPages?: number;
  /**
   * The chance (0 to 1, default 0) that an update takes the record time of the update before it,
   * when the two are on different synchronizers (a reassignment next to a transaction) and of the
   * same migration: Scan then orders them by synchronizer id, as real Scans do.
   */
  readonly tiedRecordTimes?: number;
  /**
   * The chance (0 to 1, default 0) that a generated update is a token-standard transfer offer of
   * Amulet or the acceptance of one: the sender's amulet is split into a `LockedAmulet` (a
   * locked `Holding`) and change, and an `AmuletTransferInstruction` (a `TransferInstruction`
   * waiting for the receiver) is created; the receiver accepts the oldest offer later. Amulets and
   * locked amulets implement `Holding`, the offers `TransferInstruction`: the ledger shows their
   * views when a filter asks for the interface (docs/token-standard.md).
   * @since 0.4.0
   */
  readonly transferOffers?: number;
  /**
   * The chance (0 to 1, default 0: none) that a generated update is a step of Amulet's
   * token-standard flows, written as a participant shows them (consuming exercises carry their
   * `implementedInterfaces` when a filter asks for the interface's view, the choices their
   * `splice.lfdecentralizedtrust.org/tx-kind`, `sender`, `reason` and `burned` meta, token-standard
   * choices their `interfaceId`, each changed account a v2 `EventLog_HoldingsChange`): mints
   * (taps), one-step transfers through the receiver's `TransferPreapproval`, two-step transfers
   * through a transfer instruction (accepted, rejected, withdrawn, or left until its lock
   * expires), merges and splits, locks and their expiry, burns (traffic purchases), expired dust,
   * allocations settled and cancelled, among the user and validator parties. Deterministic for a
   * seed, like the rest of the history (docs/testkit.md, "Token-standard flows").
   * @example
   * ```ts
   * import { startSimulatedNetwork } from 'canton-rx/testkit';
   * const net = await startSimulatedNetwork({ seed: 7, updates: 400, tokenFlows: 0.6 });
   * await net.close();
   * ```
   * @since 0.4.0
   */
  readonly tokenFlows?: number;
  /** Live growth: append `count` updates every `everyMs` milliseconds (timer unref'd, stopped by close()). */
  readonly growth?: { readonly everyMs: number; readonly count: number };
  /** Fault plans (each is drawn independently; the first that fires wins). */
  readonly faults?: FaultPlan | readonly FaultPlan[];
  /** Faults of the ledger's WebSocket channels (see {@link WebSocketFaultPlan}). @since 0.2.0 */
  readonly webSocketFaults?: WebSocketFaultPlan;
  /** TCP port (default 0: any free port). The host is always 127.0.0.1 unless `host` is given. */
  readonly port?: number;
  /** Listen address (default `127.0.0.1`). */
  readonly host?: string;
  /**
   * Answer CORS (default false): allow any page's origin, expose `Retry-After`, answer preflights
   * (`OPTIONS`) with 204, so that a page served from another origin can read the network. See
   * examples/browser.md. @since 0.2.0
   */
  readonly cors?: boolean;
  /**
   * Serve Amulet's token standard registry at the host root, as Scan does (default false):
   * `/registry/metadata/v1/...` (the DSO as admin, the Amulet instrument with its total supply),
   * the transfer and allocation factories and the choice contexts of transfer instructions and
   * allocations of the history (docs/registry.md). `createClient({ scan: { url: net.scanUrl } })`
   * reaches it as `client.registry`. @since 0.4.0
   */
  readonly registry?: boolean;
  /**
   * The clock the open mining rounds follow (default `'wall'`): Scan's
   * `open-and-issuing-mining-rounds`, the scan-proxy's, the DSO info's latest round and the
   * registry's choice contexts serve the rounds open at its reading, so that a client asking for
   * the round open now (`opensAt <= now < targetClosesAt`) finds one. Past the end of the history,
   * a new round opens every tick (20 s) of the clock, computed on each request; a reading before
   * the history's newest round opens gets the history's own rounds. The history (its updates,
   * record times and contracts) never depends on the clock. See {@link SimulatedClock}.
   */
  readonly clock?: SimulatedClock;
}

/**
 * Per route counts of what the simulator served.
 * @example
 * ```ts
 * const updates = net.stats().routes.find((r) => r.route === 'POST /api/scan/v2/updates');
 * console.log(updates?.requests, updates?.statuses['200'], updates?.faults['503']);
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface RouteStats {
  /** `"<METHOD> <path template>"`, or `"unmatched"`. */
  readonly route: string;
  /** The group of the route (`'none'` for unmatched requests). */
  readonly group: RouteGroup | 'none';
  /** Requests received, faulted or not. */
  readonly requests: number;
  /** Responses by HTTP status (`"reset"` for destroyed sockets). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Injected faults by kind. */
  readonly faults: Readonly<Record<string, number>>;
}

/**
 * One injected fault, in the order they were injected.
 * @example
 * ```ts
 * const resets = net.stats().faults.filter((f: InjectedFault) => f.kind === 'reset');
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface InjectedFault {
  /** The route id, `"<METHOD> <path template>"`. */
  readonly route: string;
  /** 1-based count of the request on its route. */
  readonly n: number;
  /** What was injected. */
  readonly kind: FaultKind;
}

/**
 * What {@link SimulatedNetwork.stats} reports.
 * @example
 * ```ts
 * const { totalRequests, faults } = net.stats();
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface NetworkStats {
  /** Requests received on every route, unmatched ones included. */
  readonly totalRequests: number;
  /** Per route, sorted by route id. */
  readonly routes: readonly RouteStats[];
  /** Every injected fault, in the order they were injected. */
  readonly faults: readonly InjectedFault[];
}

/**
 * A summary of the simulated history as it is now.
 * @example
 * ```ts
 * const { updates, ledgerEnd, snapshots, rounds } = net.info();
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface NetworkInfo {
  /** Number of updates Scan serves. */
  readonly updates: number;
  /** Updates by kind (`transfer`, `tap`, `assign`, `unassign`, ...). */
  readonly kinds: Readonly<Record<string, number>>;
  /** The migration ids of the history, ascending. */
  readonly migrationIds: readonly number[];
  /** `migration_id` and `record_time` of the last update, as Scan prints them. */
  readonly last: { readonly migrationId: number; readonly recordTime: string; readonly updateId: string };
  /** The participant's ledger end: the offset of the last update its hosted parties see. */
  readonly ledgerEnd: number;
  /** The participant's pruning offset (0 when never pruned). */
  readonly pruningOffset: number;
  /** Scan's ACS snapshots (record times with Scan's date-time format). */
  readonly snapshots: ReadonlyArray<{ readonly migrationId: number; readonly recordTime: string }>;
  /** Mining rounds: the first, the latest open one, and the last one whose reward accounting is done. */
  readonly rounds: { readonly initial: number; readonly latestOpen: number; readonly closedThrough: number };
  /** Subscription requests waiting for {@link SimulatedNetwork.acceptSubscription}. */
  readonly pendingSubscriptions: readonly string[];
  /** Completed ANS entries. */
  readonly ansEntries: ReadonlyArray<{ readonly contractId: string; readonly name: string; readonly user: string }>;
}

/**
 * The handle of a running simulated network.
 * @example
 * ```ts
 * const net: SimulatedNetwork = await startSimulatedNetwork({ seed: 1 });
 * net.append(25);
 * net.setLive(false);
 * await net.close();
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface SimulatedNetwork {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Base of the Ledger JSON API (paths `/v2/...`); equals `url`. */
  readonly ledgerUrl: string;
  /** Base of the validator API, ending in `/api/validator`. */
  readonly validatorUrl: string;
  /** Base of the Scan API, ending in `/api/scan`. */
  readonly scanUrl: string;
  /** The TCP port the server listens on. */
  readonly port: number;
  /** The DSO party id. */
  readonly dsoParty: string;
  /** Party ids by hint (`DSO`, `sv-1`, `validator-1`, `alice`, ...). */
  readonly parties: Readonly<Record<string, string>>;
  /** Party ids the participant hosts. */
  readonly hostedParties: readonly string[];
  /** The routes served: method, full path template and group. */
  routes(): ReadonlyArray<{ readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; readonly path: string; readonly group: RouteGroup }>;
  /** The party id of a hint; throws for an unknown hint. */
  party(hint: string): string;
  /** Appends n generated updates to every view (record times after the last). */
  append(n: number): void;
  /** Plays the wallet's acceptance of an ANS subscription request; the entry then exists. */
  acceptSubscription(subscriptionRequestCid: string): { readonly entryCid: string; readonly name: string; readonly user: string };
  /** `/api/scan/livez` (and `/readyz`) answer 200 when live, 503 when not. */
  setLive(live: boolean): void;
  /** Replaces the fault plans (undefined: no faults). Route counters keep counting. */
  setFaults(faults: FaultPlan | readonly FaultPlan[] | undefined): void;
  /** Replaces the WebSocket fault plan (`undefined`: none); its `connections` count starts again. @since 0.2.0 */
  setWebSocketFaults(plan: WebSocketFaultPlan | undefined): void;
  /** What the WebSocket channels have seen so far. @since 0.2.0 */
  webSocketStats(): WebSocketStats;
  /** Sets the participant's pruning offset. */
  prune(offset: number): void;
  /** What was served, per route, and the faults injected. */
  stats(): NetworkStats;
  /** Clears the statistics and the per-route request counters. */
  resetStats(): void;
  /** A summary of the history. */
  info(): NetworkInfo;
  /** Stops growth, closes every connection and the server. */
  close(): Promise<void>;
}

/**
 * Faults of the ledger's WebSocket channels, applied to each new connection (of the `channels`
 * listed, all by default) until `connections` of them have had it.
 * @example
 * ```ts
 * // every socket of /v2/updates is cut after 7 messages: a reader must resume to get them all
 * const net = await startSimulatedNetwork({ webSocketFaults: { dropAfter: 7, channels: ['/v2/updates'] } });
 * net.setWebSocketFaults({ refuseUpgrade: 503, connections: 2 }); // the next two upgrades fail
 * ```
 * @category Testkit
 * @since 0.2.0
 */
export interface WebSocketFaultPlan {
  /** Cut the connection (no close frame: the client sees code 1006) once this many messages were sent. */
  readonly dropAfter?: number;
  /** Send message number `malformedAfter + 1` with its first field replaced by the number 42. */
  readonly malformedAfter?: number;
  /** Answer the upgrade request with this HTTP status (400 to 599) instead of a WebSocket. */
  readonly refuseUpgrade?: number;
  /** Only this many connections get the fault (default: every one). */
  readonly connections?: number;
  /** Only these channel paths, e.g. `'/v2/updates'` (default: all). */
  readonly channels?: readonly string[];
}

/**
 * Counts of the WebSocket channels since the network started.
 * @category Testkit
 * @since 0.2.0
 */
export interface WebSocketStats {
  /** Sockets opened (upgrades accepted). */
  readonly opened: number;
  /** Sockets open now. */
  readonly open: number;
  /** Sockets the client closed (or lost) before the server ended them. */
  readonly closedByClient: number;
  /** Sockets cut by a `dropAfter` fault. */
  readonly dropped: number;
  /** Upgrades refused by a `refuseUpgrade` fault. */
  readonly refused: number;
  /** Messages sent, over all sockets. */
  readonly messages: number;
}
