/**
 * A simulated Canton network for tests: a participant's Ledger JSON API, a validator and Scans,
 * served over real HTTP on 127.0.0.1, with injectable faults. Node only.
 *
 * It depends on node built-ins only (and `ws`, loaded when it starts, for the ledger's WebSocket
 * channels), not on the client it helps to test. See docs/testkit.md.
 *
 * @packageDocumentation
 * @module canton-rx/testkit
 */

// -------------------------------------------------------------------------------------------------
// Starting a network
export { startSimulatedNetwork } from './startSimulatedNetwork.js';
export type { SimulatedNetworkOptions, SimulatedNetwork, SimulatedUser, NetworkInfo } from './types.js';
export { startSimulatedScans } from './startSimulatedScans.js';
export type { ScanKnobs, SimulatedScan, SimulatedScans, SimulatedScansOptions } from './scansTypes.js';

// -------------------------------------------------------------------------------------------------
// The clock the open mining rounds follow
export { manualClock } from './manualClock.js';
export type { SimulatedClock, ManualClock } from './types.js';

// -------------------------------------------------------------------------------------------------
// Tokens
export { mintToken, RIGHTS_CLAIM } from './mintToken.js';
export type { MintTokenOptions } from './mintToken.js';

// -------------------------------------------------------------------------------------------------
// Faults and statistics
export type { FaultPlan, FaultKind, RouteFilter, RouteGroup, NetworkStats, RouteStats, InjectedFault, WebSocketFaultPlan, WebSocketStats } from './types.js';
