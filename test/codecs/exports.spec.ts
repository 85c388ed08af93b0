import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { codecs } from '../../src/index';
import * as GL from '../../src/generated/ledger/schemas';
import * as GS from '../../src/generated/scan/schemas';
import * as GV from '../../src/generated/validator/schemas';
import * as HL from '../../src/codecs/ledger/index';
import * as HS from '../../src/codecs/scan/index';
import * as HV from '../../src/codecs/validator/index';

/** `codecs.<group>` holds every schema of its group, hand and generated, under its upstream name. */
describe('codecs.<group> exports', () => {
  const groups = [
    ['ledger', codecs.ledger, GL, HL],
    ['scan', codecs.scan, GS, HS],
    ['validator', codecs.validator, GV, HV],
  ] as const;

  for (const [group, exported, generated, hand] of groups) {
    it(`codecs.${group} holds every generated and every hand codec of ${group}, the very same values`, () => {
      const all = exported as Record<string, unknown>;
      for (const [name, codec] of [...Object.entries(generated), ...Object.entries(hand)]) {
        if (!(codec instanceof t.Type)) continue;
        assert.equal(all[name], codec, `codecs.${group}.${name}`);
      }
    });
  }

  it('imports a schema only the generated code had before: codecs.scan.EventHistoryItem', () => {
    const item = { verdict: null, update: null };
    assert.ok(E.isRight(codecs.scan.EventHistoryItem.decode(item)));
    const typed: codecs.scan.EventHistoryItem = { traffic_summary: { total_traffic_cost: 1, envelope_traffic_summaries: [] } };
    assert.ok(codecs.scan.EventHistoryItem.is(typed));
  });

  it('codecs.validator also names the Scan schemas its operations decode with', () => {
    assert.equal(codecs.validator.LookupEntryByNameResponse, GS.LookupEntryByNameResponse);
  });

  it('holds about 550 schemas (values and their types), none twice', () => {
    const count = groups.reduce((n, [, exported]) => n + Object.values(exported).filter((c) => c instanceof t.Type).length, 0);
    assert.ok(count >= 250, `${count} codecs`);
  });
});
