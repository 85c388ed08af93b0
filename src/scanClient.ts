/**
 * A client of the Splice Scan API alone (`createScanClient`), for browser apps that read Scan
 * only: their bundle holds none of the ledger's and validator's operations and codecs. Runs in
 * Node and in browsers.
 *
 * Everything else (record streams' helpers, operators, errors, codecs) comes from `canton-rx`.
 * See docs/browser.md, "Size".
 *
 * @packageDocumentation
 * @module canton-rx/scan
 */

export { createScanClient } from './clientFactory/createScanClient.js';
export type { ScanClient, ScanClientConfig } from './clientFactory/createScanClient.js';
