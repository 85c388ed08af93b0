import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for a page of another origin (the `cors` option): every answer allows the page's origin
 * and exposes `Retry-After`, and a preflight (`OPTIONS` with `Access-Control-Request-Method`) is
 * answered 204 here, before routes, faults and statistics, as a reverse proxy in front of a Scan
 * or a participant would. Answers true when it answered the request itself.
 */
export const answerCors = (req: IncomingMessage, res: ServerResponse): boolean => {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', typeof origin === 'string' ? origin : '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-expose-headers', 'retry-after');
  if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type, authorization',
    'access-control-max-age': '600',
    'content-length': '0',
  });
  res.end();
  return true;
};
