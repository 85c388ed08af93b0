import { createTransport } from '../client/createTransport.js';
import { createPoolTransport } from '../pool/createPoolTransport.js';
import { isScanPoolConfig } from '../pool/types.js';
import { createScanGroup, type ScanGroup } from '../scan/createScanGroup.js';
import { withTelemetry } from '../telemetry/withTelemetry.js';
import type { ClientConfig } from './ClientConfig.js';
import type { ClientShared } from './clientShared.js';

/** The Scan group of a client: one Scan, or a pool of them. @internal */
export const scanGroupFor = (scan: ClientConfig['scan'], shared: ClientShared): ScanGroup => {
  const { telemetry } = shared;
  // The pool's events are counted too (pool events metric), and still reach the caller's onEvent.
  const config = isScanPoolConfig(scan) && telemetry !== undefined ? { ...scan, onEvent: telemetry.poolEvents(scan.onEvent) } : scan;
  return createScanGroup(withTelemetry(isScanPoolConfig(config) ? createPoolTransport(config, shared) : createTransport('scan', config, shared), telemetry));
};
