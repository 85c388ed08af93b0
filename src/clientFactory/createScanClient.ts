import type { ClientConfig } from './ClientConfig.js';
import { clientShared } from './clientShared.js';
import type { CantonClient } from './createClient.js';
import { scanGroupFor } from './scanGroupFor.js';

/**
 * What `createScanClient` needs: `createClient`'s options without the ledger, validator and registry groups.
 * @category Client
 * @since 0.4.0
 */
export type ScanClientConfig = Omit<ClientConfig, 'ledger' | 'validator' | 'webSocket' | 'registry'>;

/**
 * A client of the Splice Scan API alone: `client.scan`, the same group as `createClient`'s.
 * @category Client
 * @since 0.4.0
 */
export type ScanClient = Pick<CantonClient, 'scan'>;

/**
 * `createClient` for the Scan group alone, from `canton-rx/scan`: the same `client.scan`, options
 * and behaviour, without the ledger and validator groups, so that a browser bundle holds none of
 * their operations and codecs (docs/browser.md, "Size"). Creating it sends nothing.
 *
 * @example
 * ```ts
 * import { createScanClient } from 'canton-rx/scan';
 *
 * const client = createScanClient({ scan: { url: 'https://scan.example.com/api/scan' }, timeoutMs: 10_000 });
 * client.scan.updates({ page_size: 100 }).subscribe((r) => console.log(r));
 * ```
 * @category Client
 * @since 0.4.0
 */
export const createScanClient = (config: ScanClientConfig = {}): ScanClient => ({ scan: scanGroupFor(config.scan, clientShared(config)) });
