import assert from 'node:assert/strict';
import { openSink } from '../../src/cli/openSink';
import { UsageError } from '../../src/cli/UsageError';

describe('openSink', () => {
  it('an unknown scheme, or pglite: without a folder, is bad usage that never quotes a password', async () => {
    await assert.rejects(openSink('mysql://user:hunter2@db/x', 's'), (e: Error) => e instanceof UsageError && /postgres:\/\/…, pglite:DIR or nats:\/\/…/.test(e.message) && !e.message.includes('hunter2'));
    await assert.rejects(openSink('pglite:', 's'), UsageError);
  });

  it('a server that cannot be reached is bad usage naming the sink without its password', async () => {
    await assert.rejects(openSink('postgres://user:hunter2@127.0.0.1:9/db', 's'), (e: Error) => e instanceof UsageError && /cannot connect/.test(e.message) && !e.message.includes('hunter2'));
  });
});
