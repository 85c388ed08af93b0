import type { WebSocketConstructor } from '../client/types.js';

/** The `ws` package once loaded: one import however many sockets. */
let wsPackage: Promise<WebSocketConstructor> | undefined;

/**
 * The `ws` package's WebSocket class, imported on first use only. The browser build replaces this
 * module with importWs.browser.ts (see scripts/build.mjs), so that bundlers never look for `ws`.
 * @internal
 */
export const importWs = (): Promise<WebSocketConstructor> => {
  // A failed import is not cached: the package may be installed later in a long-lived process.
  wsPackage ??= import('ws').then(
    (m) => ((m as { default?: unknown }).default ?? (m as { WebSocket?: unknown }).WebSocket) as WebSocketConstructor,
    (e: unknown) => {
      wsPackage = undefined;
      throw e;
    },
  );
  return wsPackage;
};
