import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { projectRoot } from '../helpers/paths';
import { upstreamFactsFile } from '../helpers/upstream';

const script = join(projectRoot, 'scripts', 'upstream-facts.mjs');
const facts = (specDir: string): string => execFileSync(process.execPath, [script, specDir, '--stdout'], { encoding: 'utf8' });

/** Where the upstream specs sit when the repository is checked out beside the project's reference folder. */
const specDir = resolve(projectRoot, '..', 'shared', 'upstream-openapi');

describe('npm run facts (scripts/upstream-facts.mjs)', () => {
  if (existsSync(specDir))
    it('the committed test/fixtures/upstream-facts.json is what the script reads from the upstream specs', () => {
      const committed = readFileSync(upstreamFactsFile, 'utf8');
      assert.ok(facts(specDir) === committed, 'test/fixtures/upstream-facts.json is stale: run `npm run facts` and commit it');
    });
  else
    it.skip(`the committed facts match the upstream specs (skipped: no specs at ${specDir}; the tests read the committed JSON)`);

  describe('on a small spec written in the styles the upstream files use', () => {
    let dir: string;
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    const splice = (app: string, file: string) => `splice/apps/${app}/src/main/openapi/${file}`;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'canton-rx-facts-'));
      write(
        'canton/release-line-3.5/openapi.yaml',
        [
          'openapi: 3.0.3',
          'paths:',
          '  /v2/updates:',
          '    post:',
          '      description: |-',
          '        Not a key: a block scalar.',
          '        fake:',
          '      parameters:',
          '      - name: limit',
          '        in: query',
          '    get:',
          "      summary: 'a quoted scalar over two lines, with a colon:",
          "        notakey: still quoted'",
          'components:',
          '  schemas:',
          '    JsGetUpdatesResponse:',
          '      title: JsGetUpdatesResponse',
          '      type: object',
          '      required:',
          '      - update',
          '      properties:',
          '        update:',
          "          $ref: '#/components/schemas/Update'",
          '          description: plain scalar',
          '            continued: on a second line',
          '        nested:',
          '          type: object',
          '          properties:',
          '            inner:',
          '              type: string',
          '',
        ].join('\n'),
      );
      write('canton/main/openapi.yaml', 'openapi: 3.0.3\npaths:\n  /v2/idps/{idp-id}:\n    get:\n      summary: x\n    patch:\n      summary: y\n');
      write(splice('validator', 'scan-proxy.yaml'), 'paths:\n  /v0/scan-proxy/dso-party-id:\n    get: {}\n');
      write(splice('validator', 'ans-external.yaml'), 'paths:\n  /v0/entry/create:\n    post: {}\n');
      write(
        splice('scan', 'scan.yaml'),
        [
          'paths:',
          '  /livez:',
          '    $ref: "../../../../common/src/main/openapi/common-external.yaml#/paths/~1livez"',
          'components:',
          '  schemas:',
          '    HoldingsStateRequestV2: # a comment after the key',
          '      type: object',
          '      required:',
          '        - migration_id',
          '      properties:',
          '        migration_id:',
          '          type: integer',
          '    GetAmuletRulesProxyResponse:',
          '      type: object',
          '      required:',
          '        [',
          '          "amulet_rules",',
          '        ]',
          '      properties:',
          '        amulet_rules:',
          '          "$ref": "x"',
          '    GetDsoPartyIdResponse:',
          '      required: ["dso_party_id"]',
          '      properties:',
          '        dso_party_id:',
          '          type: string',
          '',
        ].join('\n'),
      );
      write(splice('common', 'common-external.yaml'), 'paths:\n  /livez:\n    get:\n      responses: {}\n    head:\n      responses: {}\n');
      write(splice('common', 'common-internal.yaml'), 'components:\n  schemas: {}\n');
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('reads routes with their methods (following $ref into common-external), schemas and property names', () => {
      const out = JSON.parse(facts(dir)) as {
        routes: Record<string, Record<string, string[]>>;
        fieldNames: string[];
        specs: Record<string, { sha256: string; schemas: Record<string, { properties: string[]; required: string[] }> }>;
      };
      assert.deepEqual(out.routes, {
        ledger: { '/v2/idps/{idp-id}': ['GET', 'PATCH'], '/v2/updates': ['GET', 'POST'] },
        validator: { '/v0/entry/create': ['POST'], '/v0/scan-proxy/dso-party-id': ['GET'] },
        scan: { '/livez': ['GET', 'HEAD'] },
      });
      assert.deepEqual(out.fieldNames, ['amulet_rules', 'dso_party_id', 'inner', 'migration_id', 'nested', 'update']);
      assert.deepEqual(out.specs['canton/release-line-3.5/openapi.yaml']!.schemas, {
        JsGetUpdatesResponse: { properties: ['nested', 'update'], required: ['update'] },
      });
      assert.deepEqual(out.specs[splice('scan', 'scan.yaml')]!.schemas, {
        GetAmuletRulesProxyResponse: { properties: ['amulet_rules'], required: ['amulet_rules'] },
        GetDsoPartyIdResponse: { properties: ['dso_party_id'], required: ['dso_party_id'] },
        HoldingsStateRequestV2: { properties: ['migration_id'], required: ['migration_id'] },
      });
      assert.match(out.specs['canton/main/openapi.yaml']!.sha256, /^[0-9a-f]{64}$/);
    });

    it('without specs, says where it looked and leaves the committed file alone', () => {
      const before = readFileSync(upstreamFactsFile, 'utf8');
      const run = spawnSync(process.execPath, [script, join(dir, 'nothing-here')], { encoding: 'utf8' });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /no specs at .*nothing-here/);
      assert.equal(readFileSync(upstreamFactsFile, 'utf8'), before);
    });
  });
});
