/**
 * The Scan cursor family moved to the paging engine (`src/paging/byScanCursor.ts`); these names
 * stay for the readers that still import them (the backfill).
 * @internal
 */
export { compareCursors, initialScanRead, MAX_STALLS, SCAN_PAGE_LIMIT, scanPageRequest, scanPageStep } from '../paging/byScanCursor.js';
export type { ScanCursor, ScanPageStep, ScanReadMode, ScanReadState } from '../paging/byScanCursor.js';
