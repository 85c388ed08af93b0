import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom } from 'rxjs';
import WebSocket from 'ws';
import type { WebSocketConstructor } from '../../src/client/types';
import { loadWebSocket } from '../../src/ws/loadWebSocket';

describe('loadWebSocket (which WebSocket class)', () => {
  const Given = class {} as unknown as WebSocketConstructor;

  it('the class given to the client first, then the platform global, then the ws package', async () => {
    assert.deepEqual(await firstValueFrom(loadWebSocket(Given)), E.right(Given));
    const g = globalThis as { WebSocket?: unknown };
    const saved = g.WebSocket;
    try {
      g.WebSocket = Given;
      assert.deepEqual(await firstValueFrom(loadWebSocket(undefined)), E.right(Given));
      delete g.WebSocket;
      assert.deepEqual(await firstValueFrom(loadWebSocket(undefined)), E.right(WebSocket));
    } finally {
      if (saved === undefined) delete g.WebSocket;
      else g.WebSocket = saved;
    }
  });
});
