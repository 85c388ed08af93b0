/**
 * Loaded (`node --require`) before an example of the docs runs in its own process: the example's
 * hosts (`https://scan.example.com/api/scan`, `https://participant.example.com`) are sent to the
 * simulated network that EXAMPLE_HOSTS maps them to, loopback stays as it is, and any other
 * address fails, so that nothing leaves 127.0.0.1.
 */
const hosts = Object.entries(JSON.parse(process.env.EXAMPLE_HOSTS ?? '{}') as Record<string, string>);
const platformFetch = globalThis.fetch;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const asked = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const host = hosts.find(([from]) => asked.startsWith(from));
  if (host) return platformFetch(host[1] + asked.slice(host[0].length), init);
  if (new URL(asked).hostname === '127.0.0.1') return platformFetch(input, init);
  process.stderr.write(`outside the simulated network: ${asked}\n`);
  throw new TypeError(`the example asked for ${asked}, outside the simulated network`);
};
