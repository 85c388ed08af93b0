import type { WebSocketConstructor } from '../client/types.js';

/**
 * In the browser build (scripts/build.mjs puts it in place of importWs.ts): a page has the
 * platform's WebSocket, and the `ws` package is Node's; reached only where a page has no
 * WebSocket at all, it fails like a missing `ws` does.
 * @internal
 */
export const importWs = (): Promise<WebSocketConstructor> => Promise.reject(new Error('no WebSocket in this browser'));
