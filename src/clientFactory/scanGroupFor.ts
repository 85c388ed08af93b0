import { createTransport, type Transport } from '../client/createTransport.js';
import { whenLoaded } from '../client/whenLoaded.js';
import { isScanPoolConfig, type ScanPoolConfig } from '../pool/types.js';
import { createScanGroup, type ScanGroup } from '../scan/createScanGroup.js';
import { withTelemetry } from '../telemetry/withTelemetry.js';
import type { ClientConfig } from './ClientConfig.js';
import type { ClientShared } from './clientShared.js';

/**
 * A pool's transport, made on the first call from the pool's module loaded then: a browser app
 * that reads one Scan loads none of the pool's code (docs/browser.md, "Size"). The pool holds no
 * state before its first call (its discovery, health and limits start with it), so making it then
 * changes nothing a caller sees; every call after the first goes to the same pool.
 */
const poolOnFirstCall = (config: ScanPoolConfig, shared: ClientShared): Transport => {
  let pool: Transport | undefined;
  return (call) => whenLoaded(() => import('../pool/createPoolTransport.js'), (m) => (pool ??= m.createPoolTransport(config, shared))(call));
};

/** The Scan group of a client: one Scan, or a pool of them. @internal */
export const scanGroupFor = (scan: ClientConfig['scan'], shared: ClientShared): ScanGroup => {
  const { telemetry } = shared;
  // The pool's events are counted too (pool events metric), and still reach the caller's onEvent.
  const config = isScanPoolConfig(scan) && telemetry !== undefined ? { ...scan, onEvent: telemetry.poolEvents(scan.onEvent) } : scan;
  return createScanGroup(withTelemetry(isScanPoolConfig(config) ? poolOnFirstCall(config, shared) : createTransport('scan', config, shared), telemetry));
};
