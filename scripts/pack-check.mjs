// Proves the published shape: builds, checks that `npm publish --dry-run` has nothing to correct,
// packs the tarball, installs it into an empty project in a temporary folder (away from this
// repo's node_modules, so nothing missing can hide), then imports it through ESM `import`,
// CommonJS `require`, TypeScript's node16 resolution and TypeScript's node10 resolution (the
// `moduleResolution: "node"` many projects still use, which sees subpaths through
// `typesVersions` only), runs an example from the package and the bin through npx.
// `npm publish` runs it first (prepublishOnly).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const run = (cmd, args, cwd, env = {}) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...env } });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const work = mkdtempSync(join(tmpdir(), 'canton-rx-pack-'));
try {
  run(npm, ['run', '--silent', 'build'], root);
  // Clean: no warning but the one a dry run without a registry login always gives.
  const dryRun = spawnSync(npm, ['publish', '--dry-run', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  if (dryRun.status !== 0) throw new Error(`npm publish --dry-run failed:\n${dryRun.stderr}`);
  const warnings = dryRun.stderr.split('\n').filter((l) => /^npm (warn|WARN|ERR)/.test(l) && !/requires you to be logged in/.test(l));
  if (warnings.length > 0) throw new Error(`npm publish --dry-run warns:\n${warnings.join('\n')}`);
  console.log('publish dry-run ok');
  run(npm, ['pack', '--silent', '--pack-destination', work], root);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball');
  const project = join(work, 'project');
  run('mkdir', ['-p', project], work);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'pack-check', version: '1.0.0', private: true }));
  // canton-rx/nats loads its optional peer `nats` (canton-rx/postgres needs no driver module of its own).
  const natsVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.nats;
  run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', join(work, tarball), `nats@${natsVersion}`], project);

  const probe = `
    const names = ['createClient', 'formatError', 'isRetryable', 'matchError', 'decodeWith', 'codecs'];
    for (const n of names) if (!(n in m)) throw new Error('missing export ' + n);
    if (typeof m.codecs.ledger.JsCantonError.decode !== 'function') throw new Error('codecs.ledger.JsCantonError is not a codec');
    if (typeof t.startSimulatedNetwork !== 'function') throw new Error('testkit: missing startSimulatedNetwork');
    for (const n of ['drainInto', 'fileCheckpointStore', 'itemIdentity']) if (typeof m[n] !== 'function') throw new Error('missing export ' + n);
    if (typeof pgSink.postgresSink !== 'function') throw new Error('postgres: missing postgresSink');
    if (typeof natsSink.natsSink !== 'function') throw new Error('nats: missing natsSink');
    const client = m.createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' } });
    if (!client.scan) throw new Error('createClient returned no scan group');
  `;
  // A backfill whose pages are decoded in a worker thread: the worker entry is found in this build.
  const workers = (kind) => `
    void (async () => {
      const set = await t.startSimulatedScans({ seed: 3, updates: 60, scans: [{}] });
      const scan = m.createClient({ scan: { url: set.urls[0] } }).scan;
      const n = await new Promise((resolve, reject) => { let k = 0; scan.backfill({ page_size: 10 }, { workers: 1 }).subscribe({ next: (r) => (r._tag === 'Right' ? k++ : reject(new Error(JSON.stringify(r.left)))), error: reject, complete: () => resolve(k) }); });
      await set.close();
      if (n !== 60) throw new Error('backfill with workers delivered ' + n);
      console.log('${kind} workers ok');
    })().catch((e) => { console.error(e); process.exit(1); });
  `;
  writeFileSync(join(project, 'esm.mjs'), `import * as m from 'canton-rx'; import * as t from 'canton-rx/testkit'; import * as pgSink from 'canton-rx/postgres'; import * as natsSink from 'canton-rx/nats';\n${probe}\nconsole.log('esm ok');\n${workers('esm')}`);
  writeFileSync(join(project, 'cjs.cjs'), `const m = require('canton-rx'); const t = require('canton-rx/testkit'); const pgSink = require('canton-rx/postgres'); const natsSink = require('canton-rx/nats');\n${probe}\nconsole.log('cjs ok');\n${workers('cjs')}`);
  writeFileSync(
    join(project, 'types.mts'),
    `import { createClient, type CantonError, codecs } from 'canton-rx';\nimport { startSimulatedNetwork } from 'canton-rx/testkit';\nimport { postgresSink, type SqlClient } from 'canton-rx/postgres';\nimport { natsSink } from 'canton-rx/nats';\n` +
      `const c = createClient({ scan: { url: 'http://x/api/scan' } });\nconst e: CantonError | undefined = undefined;\n` +
      `type R = codecs.ledger.JsCantonError;\nexport const used = [c, e, startSimulatedNetwork, {} as R, postgresSink, {} as SqlClient, natsSink];\n`,
  );
  process.stdout.write(run(process.execPath, ['esm.mjs'], project));
  process.stdout.write(run(process.execPath, ['cjs.cjs'], project));
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'node16', '--moduleResolution', 'node16', 'types.mts'], project);
  console.log('types ok');
  // Every entry point of `exports`, seen by TypeScript's node10 resolution.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = Object.keys(pkg.exports).filter((k) => k !== './package.json').map((k) => k.replace(/^\./, 'canton-rx'));
  writeFileSync(join(project, 'node10.ts'), entries.map((e, i) => `import * as entry${i} from '${e}';`).join('\n') + `\nexport const used = [${entries.map((_, i) => `entry${i}`).join(', ')}];\n`);
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'commonjs', '--moduleResolution', 'node10', 'node10.ts'], project);
  console.log(`types node10 ok: ${entries.join(', ')}`);
  // The examples ship with the package and run from it (they import canton-rx by its own name).
  const example = JSON.parse(run(process.execPath, [join('node_modules', 'canton-rx', 'examples', 'holdings-snapshot.mjs')], project, { SIM_UPDATES: '120' }));
  if (!(example.contracts > 0) || example.error !== undefined) throw new Error(`examples/holdings-snapshot.mjs from the package: ${JSON.stringify(example)}`);
  console.log('examples ok');
  // The bin npm linked: its #! line, its mode and its dependency (commander) all work.
  if (!/^Usage: canton-rx/m.test(run(join(project, 'node_modules', '.bin', 'canton-rx'), ['--help'], project))) throw new Error('canton-rx --help printed no usage');
  console.log('bin ok');
  // As the demo prints its commands: npx finds the local install (offline: never the registry).
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const version = run(npx, ['--offline', 'canton-rx', '--version'], project).trim();
  if (version !== pkg.version) throw new Error(`npx canton-rx --version printed ${JSON.stringify(version)}, not ${pkg.version}`);
  console.log('npx ok');
  console.log(`pack check passed: ${tarball}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
