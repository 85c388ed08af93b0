/**
 * The retry of a page request moved to the paging engine (`src/paging/withRetry.ts`); this name
 * stays for the readers that still import it (the WebSocket channels, the backfill).
 * @internal
 */
export { withRetry as pageRequest } from '../paging/withRetry.js';
