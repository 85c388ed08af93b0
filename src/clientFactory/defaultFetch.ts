import { fetch as crossFetch } from 'cross-fetch';
import type { Fetch } from '../http/types.js';

/**
 * The platform's own fetch where there is one (Node 18+, browsers, Deno, Bun), else cross-fetch.
 * On Node, cross-fetch is node-fetch 2, whose `text()` never settles when a connection is cut in
 * the middle of a body: a truncated page would cost the whole timeout. Node's fetch reports it at
 * once as a network error, which is retried (see docs/errors.md, "Transport").
 * The browser build replaces this module with defaultFetch.browser.ts (see scripts/build.mjs).
 * @internal
 */
export const defaultFetch = (): Fetch => {
  const platform = (globalThis as { fetch?: unknown }).fetch;
  // Both are the DOM fetch at run time; our structural Fetch is the part of it we use.
  return typeof platform === 'function' ? (platform.bind(globalThis) as Fetch) : (crossFetch as unknown as Fetch);
};
