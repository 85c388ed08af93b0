/**
 * What the distributed backfill uses of a NATS connection, declared here by its shape (never
 * imported from `nats`), so that canton-rx's declarations name no peer module: they compile for
 * an app with either NATS client installed, or none.
 */

/**
 * A connection of `nats` (2.x, `connect()`) as the distributed backfill uses it (its JetStream
 * client and manager, the work queue's consumer and messages), declared by its shape so that
 * canton-rx's types need no NATS package.
 * @example
 * ```ts
 * import type { BackfillConnection } from 'canton-rx/nats';
 * import { connect } from 'nats';
 *
 * const nc: BackfillConnection = await connect({ servers: 'nats://127.0.0.1:4222' });
 * ```
 * @category Sinks
 */
export interface BackfillConnection {
  // `any`: the client's own option types (its enums, its partial configs) must fit as they are.
  /** The JetStream client: publishes the slices and reaches the work queue's consumer. */
  jetstream(): {
    /** Publishes a slice (`opts.msgID`: JetStream drops a repeat within its duplicate window). */
    publish(subject: string, data: Uint8Array, opts: any): Promise<unknown>;
    /** The stream's consumers. */
    consumers: {
      /** The work queue's durable consumer. */
      get(
        stream: string,
        consumer: string,
      ): Promise<{
        /** How many slices wait, and how many are being worked on. */
        info(): Promise<{ readonly num_pending: number; readonly num_ack_pending: number }>;
        /** The next slice, or null when none came within `expires` ms. */
        next(opts: { expires: number }): Promise<{
          /** The slice, as JSON. */
          readonly data: Uint8Array;
          /** Tells JetStream the slice is still being worked on. */
          working(): void;
          /** Hands the slice back to the queue at once. */
          nak(): void;
          /** Acknowledges the slice (removes it from the queue), confirmed by the server. */
          ackAck(): Promise<unknown>;
        } | null>;
      }>;
    };
  };
  /** The JetStream manager: creates the work queue's stream and consumer where absent. */
  jetstreamManager(): Promise<{
    /** The streams: the work queue's is looked up, and added when missing. */
    streams: {
      /** The stream's info; rejects when there is no such stream. */
      info(stream: string): Promise<unknown>;
      /** Adds a stream. */
      add(config: any): Promise<unknown>;
    };
    /** The consumers: the work queue's durable one is looked up, and added when missing. */
    consumers: {
      /** The consumer's info; rejects when there is no such consumer. */
      info(stream: string, consumer: string): Promise<unknown>;
      /** Adds a consumer. */
      add(stream: string, config: any): Promise<unknown>;
    };
  }>;
}

/** A message of the work queue: a slice a worker took. @internal */
export type QueueMessage = NonNullable<Awaited<ReturnType<Awaited<ReturnType<ReturnType<BackfillConnection['jetstream']>['consumers']['get']>>['next']>>>;
