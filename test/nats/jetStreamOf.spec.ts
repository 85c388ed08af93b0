import assert from 'node:assert/strict';
import { jetStreamOf } from '../../src/nats/jetStreamOf';
import { withoutModules } from '../helpers/withoutModules';

describe('jetStreamOf', () => {
  it('a connection without jetstream() is of the modular client: without @nats-io/jetstream and @nats-io/kv, an error that says what to install', async () => {
    const modular = { request: async () => undefined };
    await withoutModules(['@nats-io/jetstream', '@nats-io/kv'], () =>
      assert.rejects(jetStreamOf(modular), (e: Error) => /npm install @nats-io\/jetstream @nats-io\/kv/.test(e.message) && !/\n\s+at /.test(e.message)),
    );
  });

  it('a connection with jetstream() is of nats 2.x: its own JetStream is used, no module loaded', async () => {
    const calls: string[] = [];
    const v2 = {
      request: async () => undefined,
      jetstream: () => (calls.push('jetstream'), { publish: async () => ({ seq: 7, duplicate: false }), consumers: { get: async () => ({ fetch: async () => [] }) } }),
      jetstreamManager: async () => (calls.push('jetstreamManager'), { streams: {} }),
    };
    const api = await withoutModules(['@nats-io/jetstream', '@nats-io/kv'], () => jetStreamOf(v2));
    assert.deepEqual(await api.publish('s', new Uint8Array(), { msgID: 'm', expect: { lastSubjectSequence: 0 } }), { seq: 7, duplicate: false });
    assert.deepEqual(calls, ['jetstream', 'jetstreamManager']);
  });
});
