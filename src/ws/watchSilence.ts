import { asyncScheduler, type SchedulerAction } from 'rxjs';
import type { WebSocketLike } from '../client/types.js';
import { MAX_TIMEOUT_MS } from '../http/request.js';

/** What `ws` adds to the WHATWG socket: control frames. Browsers and undici have neither. */
interface Pinging {
  ping(): void;
  on(event: 'pong', listener: () => void): unknown;
  off?(event: 'pong', listener: () => void): unknown;
  removeListener?(event: 'pong', listener: () => void): unknown;
}

const canPing = (socket: unknown): socket is Pinging =>
  typeof (socket as Partial<Pinging>).ping === 'function' && typeof (socket as Partial<Pinging>).on === 'function';

/** How many looks per `timeoutMs`: silence is declared after `timeoutMs` to 1.25 × `timeoutMs` without a frame. */
const LOOKS = 4;

/** A watch over one open socket (see {@link watchSilence}). @internal */
export interface SilenceWatch {
  /** Tell it a frame arrived (a message). */
  heard(): void;
  /** Whether the peer was heard within the last look: closing then gets its close frame answered. */
  responsive(): boolean;
  /** Stop watching: the timer and the pong listener go. */
  stop(): void;
}

/**
 * Watches an open socket for silence, the fault that neither closes nor resets (a load balancer
 * or a NAT that forgets an idle flow): it looks every `timeoutMs / 4`; after a look without a
 * frame it sends a ping where the socket can (`ws`), so that a live peer with nothing to say
 * answers with a pong, which counts as a frame; and once `timeoutMs` has passed without any frame
 * it calls `onSilence` once and stops. A socket that cannot ping (browsers, Node's global
 * WebSocket) is watched on its messages alone. The timer is RxJS's `asyncScheduler`, so virtual
 * time drives it in tests.
 * @example
 * ```ts
 * const watch = watchSilence(socket, 30_000, () => fail(timeoutError('GET', url, 30_000)));
 * socket.onmessage = (event) => { watch.heard(); handle(event); };
 * ```
 * @internal
 */
export const watchSilence = (socket: WebSocketLike, timeoutMs: number, onSilence: () => void): SilenceWatch => {
  const period = Math.max(1, Math.floor(Math.min(timeoutMs, MAX_TIMEOUT_MS) / LOOKS));
  let heard = false;
  let quietLooks = 0;
  const pinging = canPing(socket) ? socket : undefined;
  const onPong = () => {
    heard = true;
  };
  pinging?.on('pong', onPong);
  const look = function (this: SchedulerAction<unknown>) {
    if (heard) {
      heard = false;
      quietLooks = 0;
    } else if (++quietLooks >= LOOKS) {
      stop();
      onSilence();
      return;
    } else {
      try {
        pinging?.ping();
      } catch {
        // A socket that is closing cannot ping: its close event ends the connection anyway.
      }
    }
    this.schedule(undefined, period);
  };
  const timer = asyncScheduler.schedule(look, period);
  const stop = () => {
    timer.unsubscribe();
    if (pinging?.off) pinging.off('pong', onPong);
    else pinging?.removeListener?.('pong', onPong);
  };
  return {
    heard: () => {
      heard = true;
    },
    responsive: () => heard || quietLooks === 0,
    stop,
  };
};
