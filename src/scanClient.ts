/**
 * `canton-rx/scan`: a client of the Splice Scan API alone (`createScanClient`), for browser apps
 * that read Scan only: their bundle holds none of the ledger's and validator's operations and
 * codecs (docs/browser.md, "Size"). Everything else comes from `canton-rx`.
 *
 * @packageDocumentation
 */

export { createScanClient } from './clientFactory/createScanClient.js';
export type { ScanClient, ScanClientConfig } from './clientFactory/createScanClient.js';
