import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Update } from '../../src/codecs/ledger/Update';
import { readFixture } from '../helpers/fixtures';

/** The 31 updates of a real fixture, renumbered to offsets 1 to 31 (the fixture starts at 0, which no range after 0 holds). */
export const numberedUpdates = (): Update[] =>
  (readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as Array<{ update: Update }>).map(({ update }, i) => {
    const copy = structuredClone(update) as unknown as Record<string, { value: { offset: number } }>;
    Object.values(copy)[0]!.value.offset = i + 1;
    return copy as unknown as Update;
  });

/** A ledger update channel on 127.0.0.1 whose first `silentConnections` connections go silent after `silentAfter` messages. */
export interface SilentServer {
  readonly url: string;
  /** The `beginExclusive` each connection asked for, in order. */
  readonly begins: number[];
  /** Sockets the server still holds open. */
  open(): number;
  /** Messages sent on the connection that went silent, once it did. */
  silentAt(): number | undefined;
  close(): Promise<void>;
}

/**
 * Serves `/v2/updates` from `updates` (offsets rising): each connection reads its request, sends
 * the updates in `(beginExclusive, endInclusive]` and closes normally (without `endInclusive` it
 * stays open, quiet but alive), except the first
 * `silentConnections`, which go silent after `silentAfter` messages: they stop sending and stop
 * reading (no pong, no answer to a close frame), as a NAT that forgot the flow, and close nothing.
 */
export const startSilentServer = async (updates: readonly Update[], plan: { silentAfter: number; silentConnections: number }): Promise<SilentServer> => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => (protocols.has('daml.ws.auth') ? 'daml.ws.auth' : false) });
  const begins: number[] = [];
  const sockets = new Set<WebSocket>();
  let silentAt: number | undefined;
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.once('message', (data) => {
      const request = JSON.parse(String(data)) as { beginExclusive: number; endInclusive?: number };
      begins.push(request.beginExclusive);
      const silent = begins.length <= plan.silentConnections;
      const due = updates.filter((u) => {
        const offset = Object.values(u)[0]!.value.offset;
        return offset > request.beginExclusive && (request.endInclusive === undefined || offset <= request.endInclusive);
      });
      let sent = 0;
      for (const update of due) {
        if (silent && sent === plan.silentAfter) {
          silentAt = sent;
          // Silence: nothing more is read, so no ping is answered, nor a close frame.
          (ws as unknown as { _socket: { pause(): void } })._socket.pause();
          return;
        }
        ws.send(JSON.stringify({ update }));
        sent++;
      }
      // An open-ended read stays open: the participant would push what comes next.
      if (request.endInclusive !== undefined) ws.close(1000);
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    begins,
    open: () => sockets.size,
    silentAt: () => silentAt,
    close: async () => {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
};
