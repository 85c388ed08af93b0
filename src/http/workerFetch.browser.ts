import type { Fetch } from './types.js';

/**
 * The browser build's `workerFetch` (see workerFetch.ts): a page has no worker threads of Node's
 * kind to receive on, so it is the platform `fetch`, bound (a browser's fetch called with another
 * `this` throws "Illegal invocation").
 * @example
 * ```ts
 * createClient({ scan: { url: 'https://scan.example.com/api/scan' }, fetch: workerFetch() });
 * ```
 * @internal
 */
export const workerFetch = (): Fetch => globalThis.fetch.bind(globalThis) as unknown as Fetch;
