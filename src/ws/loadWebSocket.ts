import { defer, from, map, of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import type { WebSocketConstructor } from '../client/types.js';
import { importWs } from './importWs.js';

/**
 * The WebSocket class to connect with: the one the client was given, else the platform's
 * (`globalThis.WebSocket`: browsers, Deno, Node 22+), else the `ws` package, imported on first
 * use only, so that the core library needs nothing more where the platform has one. `ws` missing
 * is an `InvalidRequest` that says how to fix it, not a crash.
 * @internal
 */
export const loadWebSocket = (injected: WebSocketConstructor | undefined): Observable<E.Either<InvalidRequest, WebSocketConstructor>> => {
  if (injected !== undefined) return of(E.right(injected));
  const platform = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof platform === 'function') return of(E.right(platform as WebSocketConstructor));
  return defer(() => from(importWs().then((ctor) => E.right(ctor), () => E.left(undefined)))).pipe(
    map((r) =>
      E.isRight(r) && typeof r.right === 'function'
        ? E.right(r.right)
        : E.left(
            invalidRequest('no WebSocket: this platform has no global WebSocket and the optional peer dependency `ws` is not installed (npm install ws), nor was one given as createClient({ webSocket })', [
              { path: 'webSocket', message: 'not available' },
            ]),
          ),
    ),
  );
};
