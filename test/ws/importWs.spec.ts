import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { importWs } from '../../src/ws/importWs';
import { importWs as browserImportWs } from '../../src/ws/importWs.browser';

describe('importWs', () => {
  it('Node build: the ws package, imported once', async () => {
    const first = importWs();
    assert.equal(importWs(), first);
    assert.equal(await first, WebSocket);
  });

  it('browser build: never looks for ws, fails like a missing ws', async () => {
    await assert.rejects(browserImportWs(), /no WebSocket in this browser/);
  });
});
