import assert from 'node:assert/strict';
import type * as t from 'io-ts';
import { unguardedOf } from '../../../src/codecs/common/primitives';
import { codecs } from '../../../src/index';
import { JsGetUpdatesResponse } from '../../../src/codecs/ledger/index';
import { upstreamSchema } from '../../helpers/upstream';
import { decodeFail, decodeOk, fixture } from './helpers';

// The recorded /v2/updates stream elements (test/fixtures/INDEX.md: "updates-ledger-effects").
const STREAMS = ['updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json'];

describe('JsGetUpdatesResponse (an element of /v2/updates)', () => {
  it('is exported under its upstream name, in codecs.ledger of the package', () => {
    assert.equal(codecs.ledger.JsGetUpdatesResponse, JsGetUpdatesResponse);
    assert.equal(JsGetUpdatesResponse.name, 'JsGetUpdatesResponse');
  });

  it('has the fields the upstream schema has, in both spec versions', () => {
    for (const spec of ['canton/release-line-3.5/openapi.yaml', 'canton/main/openapi.yaml']) {
      const schema = upstreamSchema(spec, 'JsGetUpdatesResponse');
      assert.ok(schema, `${spec} has a JsGetUpdatesResponse`);
      assert.deepEqual(Object.keys((unguardedOf(JsGetUpdatesResponse) as t.InterfaceType<t.Props>).props).sort(), [...schema.properties]);
    }
  });

  for (const file of STREAMS)
    it(`decodes every recorded element of ${file}, unchanged`, () => {
      const elements = fixture(file) as unknown[];
      assert.ok(elements.length > 0);
      const before: unknown = JSON.parse(JSON.stringify(elements));
      const decoded = elements.map((e, i) => decodeOk(JsGetUpdatesResponse, e, `${file}[${i}]`));
      assert.deepStrictEqual(decoded, before);
    });

  it('decodes the offset checkpoints the stream sends between updates', () => {
    const value = { offset: 44, synchronizerTimes: [{ synchronizerId: 'sync-a::1220', recordTime: '2026-01-01T00:00:02Z' }] };
    assert.deepEqual(decodeOk(JsGetUpdatesResponse, { update: { OffsetCheckpoint: { value } } }), { update: { OffsetCheckpoint: { value } } });
  });

  it('refuses an element without an update, with its path', () => {
    const [issue] = decodeFail(JsGetUpdatesResponse, {}).issues;
    assert.equal(issue!.path, 'update');
    assert.equal(issue!.expected, 'Update');
  });
});
