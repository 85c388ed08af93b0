import type { Heartbeat } from './heartbeat.js';

/**
 * Tells a {@link Heartbeat} from a record in a stream with `heartbeats: true`.
 *
 * @example
 * ```ts
 * import { isHeartbeat } from 'canton-rx';
 * client.scan.updates({ page_size: 100 }, { tail: { intervalMs: 5000 }, heartbeats: true }).subscribe((r) => {
 *   if (E.isRight(r) && isHeartbeat(r.right)) health.caughtUp(r.right.polledAt);
 * });
 * ```
 * @category Streams
 * @since 0.1.0
 */
export const isHeartbeat = <C, A>(element: Heartbeat<C> | A): element is Heartbeat<C> =>
  typeof element === 'object' && element !== null && (element as { _tag?: unknown })._tag === 'Heartbeat' && 'polledAt' in element;
