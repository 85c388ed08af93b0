// npm run facts: reads the upstream OpenAPI specs (by default ../shared/upstream-openapi, or the folder given as
// the first argument) and writes the facts the tests check the library against to test/fixtures/upstream-facts.json:
// per group the path templates and methods, per spec file the schemas' property names (and required ones), and every
// property name of any spec. The tests read only the committed JSON, so that a clone of the repository alone passes
// `npm test`; test/scripts/upstreamFacts.spec.ts runs this script whenever the specs are present and fails if the
// committed JSON is stale.
//
//   node scripts/upstream-facts.mjs [specDir]           writes test/fixtures/upstream-facts.json
//   node scripts/upstream-facts.mjs [specDir] --stdout  prints it instead (what the test compares)
//
// The specs are generated YAML in block style. Rather than depend on a YAML parser, this reads their mapping keys by
// indentation, skipping block scalars and multi-line quoted scalars, which is all the structure these facts need.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'test', 'fixtures', 'upstream-facts.json');

const splice = (app, file) => `splice/apps/${app}/src/main/openapi/${file}`;
const COMMON_EXTERNAL = splice('common', 'common-external.yaml');
/** The spec files whose `paths` make up each group's routes (the Splice common files only hold shared ones). */
const GROUPS = {
  ledger: ['canton/release-line-3.5/openapi.yaml', 'canton/main/openapi.yaml'],
  validator: [splice('validator', 'scan-proxy.yaml'), splice('validator', 'ans-external.yaml')],
  // Scan's streaming API (the bulk object download) is only in the newest specs (splice-next/).
  scan: [splice('scan', 'scan.yaml'), `splice-next/apps/scan/src/main/openapi/scan-stream-server.yaml`],
};
/** Files read when the spec folder has them (the newest specs; a folder without them has fewer routes). */
const OPTIONAL = new Set([`splice-next/apps/scan/src/main/openapi/scan-stream-server.yaml`]);
const FILES = [...GROUPS.ledger, ...GROUPS.validator, ...GROUPS.scan, COMMON_EXTERNAL, splice('common', 'common-internal.yaml')];
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const unquote = (s) => (/^(['"]).*\1$/.test(s) ? s.slice(1, -1) : s);

/** Whether a scalar that starts with a quote ends on the same line ('' is an escaped quote in single quotes). */
const closesOnLine = (value) => {
  const q = value[0];
  const body = q === "'" ? value.slice(1).replace(/''/g, '') : value.slice(1).replace(/\\./g, '');
  return body.includes(q);
};

/**
 * Every mapping key of a block-style YAML text, each as its path of keys from the root (list items appear as `-`),
 * with its inline value (or undefined).
 */
const keysOf = (text) => {
  const out = [];
  const stack = []; // { indent, key }
  let skipAbove = -1; // inside a block scalar or a multi-line scalar: skip lines indented more than this
  let inQuote = null; // the quote character of a multi-line quoted scalar
  let flow = null; // a flow sequence being read over several lines: { path, text }
  const endFlow = (path, body) => {
    for (const item of body.split(',').map((i) => i.trim()).filter(Boolean)) out.push({ path: [...path, '-'], value: item });
  };
  for (const line of text.split('\n')) {
    if (flow) {
      flow.text += ' ' + line.trim();
      const done = /^\[(.*)\]$/.exec(flow.text);
      if (done) {
        endFlow(flow.path, done[1]);
        flow = null;
      }
      continue;
    }
    if (inQuote) {
      if ((inQuote === "'" ? line.replace(/''/g, '') : line.replace(/\\./g, '')).includes(inQuote)) inQuote = null;
      continue;
    }
    if (/^\s*(#.*)?$/.test(line)) continue;
    let indent = line.search(/\S/);
    if (skipAbove >= 0 && indent > skipAbove) continue;
    skipAbove = -1;
    let rest = line.slice(indent);
    // `- key: value` opens a mapping inside a list item: the item sits at the dash, its keys two columns right.
    while (rest.startsWith('- ') || rest === '-') {
      // A list may sit at its key's own indentation (`required:` then `- name` below it): that key is its parent.
      while (stack.length && (stack[stack.length - 1].indent > indent || (stack[stack.length - 1].indent === indent && stack[stack.length - 1].key === '-'))) stack.pop();
      stack.push({ indent, key: '-' });
      const shift = rest === '-' ? 1 : 2 + rest.slice(2).search(/\S|$/);
      indent += shift;
      rest = rest.slice(shift);
    }
    const m = /^('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s'"#][^:#]*?):(?:\s+(.*))?$/.exec(rest);
    if (!m && rest.startsWith('[')) {
      // The flow sequence of the key above, on its own line(s): `required:` then `[ "contract" ]`.
      flow = { path: stack.map((s) => s.key), text: '' };
      const done = /^\[(.*)\]$/.exec(rest.trim());
      if (done) {
        endFlow(flow.path, done[1]);
        flow = null;
      } else flow.text = rest.trim();
      continue;
    }
    if (!m) {
      // A scalar list item (kept: `required` lists matter) or the continuation of a plain multi-line scalar.
      if (stack.length && stack[stack.length - 1].key === '-' && stack[stack.length - 1].indent < indent)
        out.push({ path: stack.map((s) => s.key), value: rest });
      if (rest.length && (rest[0] === "'" || rest[0] === '"') && !closesOnLine(rest)) inQuote = rest[0];
      skipAbove = indent - 1;
      continue;
    }
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    const key = unquote(m[1]);
    const value = m[2]?.replace(/(^|\s+)#.*$/, '');
    const path = [...stack.map((s) => s.key), key];
    out.push({ path, value });
    stack.push({ indent, key });
    if (value === undefined || value === '') continue;
    if (value.startsWith('[')) {
      // A flow sequence (`required: ["rounds"]`): its items as list items.
      const done = /^\[(.*)\]$/.exec(value);
      if (done) endFlow(path, done[1]);
      else flow = { path, text: value };
      continue;
    }
    if (/^[|>][-+]?\d*$/.test(value)) skipAbove = indent;
    else if ((value[0] === "'" || value[0] === '"') && !closesOnLine(value)) inQuote = value[0];
    else skipAbove = indent; // a plain scalar may continue on more indented lines
  }
  return out;
};

const same = (path, ...prefix) => prefix.every((p, i) => p === undefined || path[i] === p);

/** path template -> methods, following a `$ref` into the common spec's paths. */
const routesOf = (keys, common) => {
  const routes = {};
  for (const { path, value } of keys) {
    if (path.length !== 3 || !same(path, 'paths')) continue;
    const [, template, child] = path;
    const methods = (routes[template] ??= []);
    if (METHODS.has(child)) methods.push(child.toUpperCase());
    if (child === '$ref') {
      const target = /common-external\.yaml#\/paths\/(.+)$/.exec(unquote(value ?? ''));
      if (!target) throw new Error(`unexpected $ref under ${template}: ${value}`);
      methods.push(...(common[target[1].replace(/~1/g, '/').replace(/~0/g, '~')] ?? []));
    }
  }
  return routes;
};

/** schema name -> its own property names and required ones (not those of nested objects). */
const schemasOf = (keys) => {
  const schemas = {};
  for (const { path, value } of keys) {
    if (!same(path, 'components', 'schemas') || path.length < 3) continue;
    const schema = (schemas[path[2]] ??= { properties: [], required: [] });
    if (path.length === 5 && path[3] === 'properties') schema.properties.push(path[4]);
    if (path.length === 5 && path[3] === 'required' && path[4] === '-') schema.required.push(unquote(value));
  }
  return schemas;
};

const sortObject = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const upstreamFacts = (specDir) => {
  const present = (f) => !OPTIONAL.has(f) || existsSync(join(specDir, f));
  const text = Object.fromEntries(FILES.filter(present).map((f) => [f, readFileSync(join(specDir, f), 'utf8')]));
  const keys = Object.fromEntries(FILES.filter(present).map((f) => [f, keysOf(text[f])]));
  const common = routesOf(keys[COMMON_EXTERNAL], {});
  const routes = {};
  for (const [group, files] of Object.entries(GROUPS)) {
    const merged = {};
    for (const f of files.filter(present))
      for (const [template, methods] of Object.entries(routesOf(keys[f], common)))
        merged[template] = [...new Set([...(merged[template] ?? []), ...methods])].sort();
    routes[group] = sortObject(merged);
  }
  const specs = {};
  const fieldNames = new Set();
  for (const f of FILES.filter(present)) {
    const schemas = schemasOf(keys[f]);
    for (const { path } of keys[f]) if (path.length >= 2 && path[path.length - 2] === 'properties') fieldNames.add(path[path.length - 1]);
    specs[f] = {
      sha256: createHash('sha256').update(text[f]).digest('hex'),
      schemas: sortObject(Object.fromEntries(Object.entries(schemas).map(([n, s]) => [n, { properties: [...s.properties].sort(), required: [...s.required].sort() }]))),
    };
  }
  return { generatedBy: 'scripts/upstream-facts.mjs (npm run facts)', routes, fieldNames: [...fieldNames].sort(), specs };
};

export const render = (facts) => JSON.stringify(facts, null, 1) + '\n';

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const specDir = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, '..', 'shared', 'upstream-openapi'));
  if (!existsSync(specDir)) {
    console.error(`upstream-facts: no specs at ${specDir}; the committed ${OUT} stays as it is`);
    process.exit(2);
  }
  const out = render(upstreamFacts(specDir));
  if (args.includes('--stdout')) process.stdout.write(out);
  else {
    writeFileSync(OUT, out);
    console.log(`upstream-facts: wrote ${OUT}`);
  }
}
