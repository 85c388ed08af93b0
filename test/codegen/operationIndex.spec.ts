import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createClient, operationIndex } from '../../src/index';
import { fixturesDir } from '../helpers/paths';
import { requireSpecs } from './specs';

interface OperationIds {
  readonly byGroup: Readonly<Record<'ledger' | 'scan' | 'validator' | 'registry', ReadonlyArray<string>>>;
  readonly bySpecFile: Readonly<Record<string, ReadonlyArray<string>>>;
}
const committed = JSON.parse(readFileSync(join(fixturesDir, 'operation-ids.json'), 'utf8')) as OperationIds;

const HTTP = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface SpecOperation {
  readonly operationId: string;
  readonly httpMethod: string;
  readonly path: string;
}

/** The operations of one spec file, following path items that are $refs into another file. */
const operationsOf = (dir: string, file: string): SpecOperation[] => {
  const doc = parse(readFileSync(join(dir, file), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }> & { $ref?: string }> };
  const out: SpecOperation[] = [];
  for (const [path, raw] of Object.entries(doc.paths)) {
    let item = raw;
    if (typeof raw.$ref === 'string') {
      const [rel, pointer] = raw.$ref.split('#');
      const other = parse(readFileSync(join(dir, file, '..', rel!), 'utf8')) as { paths: Record<string, typeof raw> };
      item = other.paths[pointer!.replace('/paths/', '').replace(/~1/g, '/')]!;
    }
    for (const m of HTTP) {
      const op = item[m];
      if (op?.operationId !== undefined) out.push({ operationId: op.operationId, httpMethod: m.toUpperCase(), path });
    }
  }
  return out;
};

/** A spec file of the committed list, by the end of its path. */
const specFile = (suffix: string): string => {
  const file = Object.keys(committed.bySpecFile).find((f) => f.endsWith(suffix));
  assert.ok(file, suffix);
  return file;
};
const FILES = {
  canton35: specFile('release-line-3.5/openapi.yaml'),
  cantonMain: specFile('main/openapi.yaml'),
  scan: specFile('/scan.yaml'),
  scanStream: specFile('/scan-stream-server.yaml'),
  scanProxy: specFile('/scan-proxy.yaml'),
  ans: specFile('/ans-external.yaml'),
  commonExternal: specFile('/common-external.yaml'),
};
/** The token standard's files (the current one of each pair): the registry group. */
const REGISTRY_FILES = Object.keys(committed.bySpecFile).filter((f) => f.includes('/token-standard/'));

const key = (group: string, op: { operationId: string; httpMethod: string; path: string }) => `${group} ${op.operationId} ${op.httpMethod} ${op.path}`;

describe('operationIndex', () => {
  it('has one entry per operationId of the committed list, group by group', () => {
    for (const group of ['ledger', 'scan', 'validator', 'registry'] as const) {
      const ids = operationIndex.filter((e) => e.group === group).map((e) => e.operationId).sort();
      assert.deepEqual(ids, [...committed.byGroup[group]].sort(), group);
    }
    assert.equal(operationIndex.length, committed.byGroup.ledger.length + committed.byGroup.scan.length + committed.byGroup.validator.length + committed.byGroup.registry.length);
  });

  it('names a method of its group for every entry, each method once', () => {
    const client = createClient({ ledger: { url: 'http://127.0.0.1:1' }, scan: { url: 'http://127.0.0.1:1/api/scan' }, validator: { url: 'http://127.0.0.1:1/api/validator' } });
    const seen = new Set<string>();
    for (const e of operationIndex) {
      const group = client[e.group] as unknown as Record<string, unknown>;
      assert.equal(typeof group[e.method], 'function', `${e.group}.${e.method} (${e.operationId})`);
      assert.ok(!seen.has(`${e.group}.${e.method}`), `${e.group}.${e.method} twice`);
      seen.add(`${e.group}.${e.method}`);
      assert.ok(Array.isArray(e.example), `${e.group}.${e.method}: example is an argument list`);
    }
  });

  it('marks the deprecated operations, and keeps the existing method names', () => {
    const method = (group: string, operationId: string) => operationIndex.find((e) => e.group === group && e.operationId === operationId)?.method;
    assert.equal(method('ledger', 'postV2CommandsSubmit-and-wait'), 'submitAndWait');
    assert.equal(method('ledger', 'postV2UpdatesGet-updates-page'), 'getUpdatesPage');
    assert.equal(method('ledger', 'getV2IdpsIdp-id'), 'getIdentityProviderConfig');
    assert.equal(method('scan', 'getUpdateHistoryV2'), 'getUpdateHistoryV2');
    assert.equal(method('scan', 'isLive'), 'isLive');
    assert.ok(operationIndex.find((e) => e.operationId === 'postV2UpdatesTrees')?.deprecated);
    assert.ok(operationIndex.find((e) => e.operationId === 'getUpdateHistoryV1')?.deprecated);
    assert.ok(!operationIndex.find((e) => e.operationId === 'getUpdateHistoryV2')?.deprecated);
  });

  it('matches the upstream specs: every operation, its HTTP method and path (when the specs are present)', function () {
    const dir = requireSpecs(this);
    const byFile = Object.fromEntries([...Object.values(FILES), ...REGISTRY_FILES].map((f) => [f, operationsOf(dir, f)]));
    for (const [file, ops] of Object.entries(byFile)) assert.deepEqual(ops.map((o) => o.operationId).sort(), committed.bySpecFile[file], file);
    // The ledger: 3.5, plus what main adds; the main operations present in 3.5 are the same.
    const ledger35 = byFile[FILES.canton35]!;
    const ledger = [...ledger35, ...byFile[FILES.cantonMain]!.filter((o) => !ledger35.some((p) => p.operationId === o.operationId))];
    const expected = [
      ...ledger.map((o) => key('ledger', o)),
      ...byFile[FILES.scan]!.map((o) => key('scan', o)),
      ...byFile[FILES.scanStream]!.map((o) => key('scan', o)),
      ...byFile[FILES.scanProxy]!.map((o) => key('validator', o)),
      ...byFile[FILES.ans]!.map((o) => key('validator', o)),
      ...REGISTRY_FILES.flatMap((f) => byFile[f]!.map((o) => key('registry', o))),
    ].sort();
    assert.equal(REGISTRY_FILES.length, 9);
    assert.deepEqual(operationIndex.map((e) => key(e.group, e)).sort(), expected);
    // common-external.yaml's operations are served by Scan through its path $refs.
    for (const o of byFile[FILES.commonExternal]!) assert.ok(operationIndex.some((e) => e.group === 'scan' && e.operationId === o.operationId), o.operationId);
  });
});
