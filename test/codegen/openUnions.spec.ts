import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { builtOpenUnions, strictDecoding, unknownMemberOf } from '../../src/codecs/common/openMembers';
import { openUnions } from '../../src/codecs/common/openUnions';
import { decodeWith } from '../../src/codecs/decodeWith';
import { fastGuardOf } from '../../src/codecs/common/primitives';
import { codecs } from '../../src/index';

/**
 * The open-union list (scripts/codegen/overrides.mjs, openUnions, written to
 * src/codecs/common/openUnions.ts) is the one place that says which unions are open: every union
 * built with an unknown branch is listed, and every listed one is built so.
 */
describe('open unions: the list and the codecs agree', () => {
  it('every listed union is built open, and no other', () => {
    const listed = Object.entries(openUnions).flatMap(([group, names]) => Object.keys(names).map((n) => `${group}.${n}`)).sort();
    const built = builtOpenUnions().map((b) => `${b.group}.${b.union}`).sort();
    assert.deepEqual(built, listed);
  });

  it('each entry gives its reason', () => {
    for (const names of Object.values(openUnions)) for (const [name, why] of Object.entries(names)) assert.ok(typeof why === 'string' && why.length > 10, name);
  });

  const cases: ReadonlyArray<readonly [string, t.Mixed, unknown, string]> = [
    ['ledger Update', codecs.ledger.Update, { FutureKind: { value: { offset: 7 } } }, 'FutureKind'],
    ['ledger Event', codecs.ledger.Event, { DivulgedEvent: { contractId: '00' } }, 'DivulgedEvent'],
    ['generated ledger Kind (a user right)', codecs.ledger.Kind, { CanSeeEverything: { value: {} } }, 'CanSeeEverything'],
    ['scan TreeEvent', codecs.scan.TreeEvent, { event_type: 'archived_event', event_id: '1220:0' }, 'archived_event'],
    ['scan GetRewardAccountingRootHashResponse (a new status)', codecs.scan.GetRewardAccountingRootHashResponse, { status: 'Pending', round_number: 3 }, 'Pending'],
  ];
  for (const [what, codec, unknown, name] of cases) {
    it(`${what}: an unknown member decodes to itself and is told as unknown; strict refuses it, by name; the fast guard agrees`, () => {
      const r = decodeWith(codec)(unknown);
      assert.ok(E.isRight(r));
      assert.equal(r.right, unknown);
      assert.equal(unknownMemberOf(codec, unknown)?.name, name);
      const strict = decodeWith(codec, { strict: true })(unknown);
      assert.ok(E.isLeft(strict));
      assert.ok(strict.left.issues.some((i) => `${i.message ?? ''} ${i.actual}`.includes(name)), JSON.stringify(strict.left.issues));
      const guard = fastGuardOf(codec)!;
      assert.equal(guard(unknown), true);
      assert.equal(strictDecoding(() => guard(unknown)), false);
    });
  }

  it('a known member is no unknown member; a codec that is not open tells none', () => {
    const created = { event_type: 'created_event' };
    assert.equal(unknownMemberOf(codecs.scan.TreeEvent, created), undefined);
    assert.equal(unknownMemberOf(codecs.ledger.Command, { FutureCommand: {} }), undefined);
    assert.ok(E.isLeft(decodeWith(codecs.ledger.Command)({ FutureCommand: {} })), 'a request union stays closed');
  });

  it('open enums keep an unknown value; strict refuses it', () => {
    const status = { packageStatus: 'PACKAGE_STATUS_FUTURE' };
    assert.ok(E.isRight(decodeWith(codecs.ledger.GetPackageStatusResponse)(status)));
    assert.ok(E.isLeft(decodeWith(codecs.ledger.GetPackageStatusResponse, { strict: true })(status)));
    assert.ok(E.isRight(decodeWith(codecs.ledger.GetPackageStatusResponse, { strict: true })({ packageStatus: 'PACKAGE_STATUS_REGISTERED' })));
  });
});
