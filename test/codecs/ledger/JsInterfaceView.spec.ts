import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { toIssues } from '../../../src/codecs/decodeWith';
import { fastGuardOf, plainDecoding } from '../../../src/codecs/common/primitives';
import { JsInterfaceView, JsStatus, ProtoAny, UnknownFieldSet } from '../../../src/codecs/ledger/JsInterfaceView';

// Every created event with interface filters carries its views: these codecs sit on the hot path of
// ACS and update pages, so each is compiled (its fast guard), and must accept exactly what io-ts does.
const computed = {
  implementationPackageId: '0b3f41ae',
  interfaceId: '#package-name:Splice.Api.Token.HoldingV1:Holding',
  viewStatus: { code: 0, details: [], message: '' },
  viewValue: { amount: '1000.0000000000', owner: 'alice::1220' },
};
const failed = {
  interfaceId: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding',
  viewStatus: {
    code: 3,
    message: 'view failed',
    details: [{ typeUrl: 'type.googleapis.com/google.rpc.ErrorInfo', value: 'CgR0ZXN0', unknownFields: { fields: {} }, valueDecoded: { reason: 'x' } }],
  },
  implementationPackageId: null,
};

/** The compiled decode and the plain io-ts decode of `u`: the same verdict, the same issues. */
const both = (u: unknown) => {
  const compiled = JsInterfaceView.decode(u);
  const plain = plainDecoding(() => JsInterfaceView.decode(u));
  assert.equal(E.isRight(compiled), E.isRight(plain));
  if (E.isLeft(compiled) && E.isLeft(plain)) assert.deepEqual(toIssues(compiled.left), toIssues(plain.left));
  return compiled;
};

describe('JsInterfaceView and the codecs inside it (compiled)', () => {
  it('each has a fast guard', () => {
    for (const codec of [JsInterfaceView, JsStatus, ProtoAny, UnknownFieldSet]) assert.equal(typeof fastGuardOf(codec), 'function', codec.name);
  });

  it('accepts a computed view and a failed one with its details, returning the value itself through the guard', () => {
    for (const view of [computed, failed]) {
      assert.equal(fastGuardOf(JsInterfaceView)!(view), true);
      const r = both(view);
      assert.ok(E.isRight(r) && r.right === view);
    }
  });

  it('refuses what io-ts refuses, at the same path, and the guard alone refuses it too', () => {
    const bad: Array<[unknown, string]> = [
      [{ ...computed, interfaceId: 1 }, 'interfaceId'],
      [{ ...computed, implementationPackageId: 7 }, 'implementationPackageId'],
      [{ ...computed, viewStatus: { code: 1.5, message: '' } }, 'viewStatus.code'],
      [{ ...computed, viewStatus: { code: 0 } }, 'viewStatus.message'],
      [{ ...failed, viewStatus: { ...failed.viewStatus, details: {} } }, 'viewStatus.details'],
      [{ ...failed, viewStatus: { ...failed.viewStatus, details: [{ ...failed.viewStatus.details[0], unknownFields: { fields: [] } }] } }, 'viewStatus.details.0.unknownFields.fields'],
      [{ ...failed, viewStatus: { ...failed.viewStatus, details: [{ ...failed.viewStatus.details[0], typeUrl: null }] } }, 'viewStatus.details.0.typeUrl'],
    ];
    for (const [u, path] of bad) {
      assert.equal(fastGuardOf(JsInterfaceView)!(u), false, path);
      const r = both(u);
      assert.ok(E.isLeft(r), path);
      assert.ok(
        toIssues(r.left).some((i) => i.path === path),
        `${path}: ${JSON.stringify(toIssues(r.left))}`,
      );
    }
  });
});
