import { mintToken, startSimulatedNetwork } from '../../src/testkit/index';

/** What README's example did, as the child process that ran it reports it. */
export interface ReadmeRun {
  readonly updates: number;
  readonly items: number;
  readonly saved: number;
  readonly lastItem: { migration_id: number; record_time: string; update_id: string } | undefined;
  readonly lastSaved: unknown;
  readonly errors: string[];
  readonly nonces: unknown[];
  readonly requests: Array<{ method: string; path: string; status: number }>;
  readonly outside: string[];
}

/**
 * The world README's Example assumes, around a simulated network: its example hosts are sent to
 * the network (nothing leaves 127.0.0.1), and its placeholders (`auth`, `store`, `log`, `index`,
 * `nextNonce`) record what the example does with them. `finished()` waits until the history was
 * read through and the counter lookup answered, then prints a ReadmeRun as JSON.
 */
export const startReadmeEnv = async () => {
  const net = await startSimulatedNetwork({ seed: 10, updates: 1200 });
  const token = mintToken({ userId: 'alice', actAs: [net.party('alice')] });
  const hosts: Array<[string, string]> = [
    ['https://participant.example.com', net.ledgerUrl],
    ['https://scan.example.com/api/scan', net.scanUrl],
  ];
  const items: Array<{ migration_id: number; record_time: string; update_id: string }> = [];
  const saved: unknown[] = [];
  const errors: string[] = [];
  const nonces: unknown[] = [];
  const requests: ReadmeRun['requests'] = [];
  const outside: string[] = [];
  let wake = () => {};
  const done = () => items.length >= net.info().updates && requests.some((r) => r.path.includes('/transfer-command-counter/'));

  const platformFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const asked = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const host = hosts.find(([from]) => asked.startsWith(from));
    if (!host) {
      outside.push(asked);
      throw new TypeError(`the example asked for ${asked}, outside the simulated network`);
    }
    const url = host[1] + asked.slice(host[0].length);
    const response = await platformFetch(url, init);
    requests.push({ method: init?.method ?? 'GET', path: new URL(url).pathname, status: response.status });
    wake();
    return response;
  };
  Object.assign(globalThis, {
    auth: { currentToken: async () => token },
    store: { load: async () => undefined, save: (checkpoint: unknown) => saved.push(checkpoint) },
    log: { error: (message: string) => errors.push(message) },
    index: (item: { update_id: string; migration_id?: number; record_time: string; event?: { migration_id: number } }) => {
      // A reassignment carries its migration id in its event (as checkpointOf reads it).
      items.push({ migration_id: item.event ? item.event.migration_id : item.migration_id!, record_time: item.record_time, update_id: item.update_id });
      wake();
    },
    nextNonce: (counter: unknown) => {
      nonces.push(counter);
      return 1;
    },
  });

  return {
    finished: async (): Promise<void> => {
      try {
        // A bound, not a timing: the example reads 1200 updates from loopback in well under a second.
        await new Promise<void>((resolve, reject) => {
          const bound = setTimeout(() => reject(new Error(`the example did not finish: ${items.length} items, requests ${JSON.stringify(requests)}`)), 30_000);
          wake = () => {
            if (!done()) return;
            clearTimeout(bound);
            // The lookup's answer is decoded after its response arrives: let that settle first.
            setImmediate(resolve);
          };
          wake();
        });
        const last = items[items.length - 1];
        const run: ReadmeRun = {
          updates: net.info().updates,
          items: items.length,
          saved: saved.length,
          lastItem: last,
          lastSaved: saved[saved.length - 1],
          errors,
          nonces,
          requests,
          outside,
        };
        process.stdout.write(JSON.stringify(run) + '\n');
      } finally {
        globalThis.fetch = platformFetch;
        await net.close();
      }
    },
  };
};
