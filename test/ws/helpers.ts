import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { WebSocketConstructor } from '../../src/client/types';

/**
 * Waits until `condition` holds: the server sees a close a few milliseconds after the client
 * sends it. Bounded: 1000 polls of 5 ms at most (the machine may be busy), then it fails with `what`.
 */
export const eventually = async (condition: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await sleep(5);
  }
  throw new Error(`never happened: ${what}`);
};

/** `ws`, recording the URL and sub-protocols of every socket it opens. */
export const recordingWebSocket = (): { ctor: WebSocketConstructor; opened: Array<{ url: string; protocols: string[] }> } => {
  const opened: Array<{ url: string; protocols: string[] }> = [];
  class Recording extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      opened.push({ url, protocols: typeof protocols === 'string' ? [protocols] : [...(protocols ?? [])] });
    }
  }
  return { ctor: Recording as unknown as WebSocketConstructor, opened };
};

/** An update format of one party, in one shape. */
export const formatOf = (party: string, shape: 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS' = 'TRANSACTION_SHAPE_ACS_DELTA') => ({
  includeTransactions: { transactionShape: shape, eventFormat: { filtersByParty: { [party]: {} } } },
  includeReassignments: { filtersByParty: { [party]: {} } },
});
