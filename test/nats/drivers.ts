import type { NatsConnectionLike } from '../../src/nats/jetStreamOf';
import type { NatsServer } from '../helpers/natsServer';

/** A NATS client the sink is tested with: how to connect it to the test's server. */
export interface NatsDriver {
  readonly name: string;
  connect(server: NatsServer): Promise<NatsConnectionLike & { close(): Promise<void> }>;
}

/** Both clients canton-rx supports: `nats` 2.x and the modular 3.x client. */
export const drivers: readonly NatsDriver[] = [
  { name: 'nats 2.x', connect: (server) => server.connect() },
  { name: '@nats-io/transport-node 3.x', connect: (server) => server.connectModular() },
];
