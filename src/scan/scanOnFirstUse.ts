/**
 * What the Scan group loads on the first call of any of its methods but `scan.updates`, as ONE
 * module: a browser app's bundler makes it one chunk, fetched on that first call, and the app's
 * first load keeps only `scan.updates` and the group's shell (docs/browser.md, "Size"). One module
 * rather than one per method: esbuild cuts the code that several lazily loaded modules share into
 * a chunk per combination of them, each gzipped on its own, and every such chunk that the first
 * load also needs is loaded up front.
 * @internal
 * @packageDocumentation
 */
export * from '../generated/scan/operations.js';
export { scanHoldings } from '../streams/scanHoldings.js';
export { scanUpdatesFromSnapshot } from '../streams/scanUpdatesFromSnapshot.js';
export { planScanBackfill, scanBackfill } from '../backfill/scanBackfill.js';
export { scanAcsSnapshot } from '../streams/scanAcsSnapshot.js';
export { scanEvents } from '../streams/scanEvents.js';
export { scanUpdatesBefore } from '../streams/scanUpdatesBefore.js';
export { scanImportUpdates } from '../streams/scanImportUpdates.js';
export { scanPageStreams } from '../streams/scanPageStreams.js';
export { scanValidatorLicenses } from '../streams/scanValidatorLicenses.js';
export { scanVoteResults } from '../streams/scanVoteResults.js';
export { scanBulkUpdateHistoryObjects } from '../streams/scanBulkUpdateHistoryObjects.js';
export { scanActivityItems } from '../streams/scanActivity.js';
