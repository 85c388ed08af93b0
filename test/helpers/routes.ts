import type { RecordedRequest, Reply } from './server';

/** Answers by `METHOD /path` (query stripped) from a table tests can change; unknown routes 404. */
export const routeTable = () => {
  const routes = new Map<string, (req: RecordedRequest) => Reply>();
  const handler = (req: RecordedRequest): Reply => {
    const key = `${req.method} ${req.url.split('?')[0]}`;
    const route = routes.get(key);
    return route ? route(req) : { status: 404, headers: { 'content-type': 'text/plain' }, body: `no route ${key}` };
  };
  return { routes, handler };
};
