// Serves the browser dashboard (examples/dashboard.html and examples/dashboard-page.mjs, bundled
// with esbuild on the fly) on 127.0.0.1, for Scans that answer CORS.
//
//   node examples/dashboard-serve.mjs                     a simulated network (CORS on) that grows
//   SCAN_URLS="https://a.example/api/scan https://b.example/api/scan" node examples/dashboard-serve.mjs
//
// Then open the address it prints. PORT picks the page's port (default any free one). In the
// repository, run `npm run build` first: the page imports 'canton-rx' as a browser app does.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));

/** Bundles the page script for the browser, as an app's bundler would: the browser build of canton-rx. */
export const bundleDashboard = async () => {
  const esbuild = await import('esbuild').catch(() => {
    throw new Error('the dashboard is bundled with esbuild: npm install --save-dev esbuild');
  });
  const out = await esbuild.build({ entryPoints: [here('dashboard-page.mjs')], bundle: true, platform: 'browser', format: 'iife', minify: true, write: false, logLevel: 'silent' });
  return out.outputFiles[0].text;
};

/**
 * Serves the page on `host:port` (default 127.0.0.1 and any free port); answers `{ url, close }`,
 * where `url` opens the dashboard on `scanUrls`.
 */
export const serveDashboard = async ({ scanUrls, port = 0, host = '127.0.0.1', pageSize = 100 }) => {
  const [html, script] = await Promise.all([readFile(here('dashboard.html'), 'utf8'), bundleDashboard()]);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    if (path === '/' || path === '/dashboard.html') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (path === '/dashboard-page.js') return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const query = new URLSearchParams([...scanUrls.map((u) => ['scan', u]), ['page_size', String(pageSize)]]);
  return {
    url: `http://${host}:${server.address().port}/?${query}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
};

// Run as a program (not when imported, as the browser test does).
const main = async () => {
  const given = (process.env.SCAN_URLS ?? '').split(/\s+/).filter(Boolean);
  let net;
  if (given.length === 0) {
    const { startSimulatedNetwork } = await import('canton-rx/testkit');
    net = await startSimulatedNetwork({ updates: 2000, growth: { everyMs: 250, count: 3 }, cors: true });
  }
  // A page that cannot be served (esbuild missing, the port taken) closes the network it started:
  // its server would keep the process alive after the message.
  const page = await serveDashboard({ scanUrls: given.length > 0 ? given : [net.scanUrl], port: Number(process.env.PORT ?? 0) }).catch(async (e) => {
    await net?.close();
    throw e;
  });
  console.log(`dashboard: ${page.url}`);
  process.once('SIGINT', async () => {
    await page.close();
    await net?.close();
  });
};
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    // Nothing is left to wait for: exit now, whatever handle is still open.
    process.exit(1);
  });
}
