import type { Fetch } from '../http/types.js';

/**
 * In the browser build (scripts/build.mjs puts it in place of defaultFetch.ts): every browser has
 * `fetch`, so cross-fetch's polyfill (10 KB) stays out of the bundle. Bound, because a browser's
 * fetch called with another `this` throws "Illegal invocation".
 * @internal
 */
export const defaultFetch = (): Fetch => globalThis.fetch.bind(globalThis) as unknown as Fetch;
