import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { codecs } from '../../../src/index';
import { AcsRequestV2 } from '../../../src/codecs/scan/AcsRequestV2';
import { decodeWith } from '../../../src/codecs/decodeWith';
import { upstreamSchema } from '../../helpers/upstream';

const propsOf = (codec: t.Mixed): string[] => {
  const c = codec as unknown as { props?: Record<string, unknown>; types?: t.Mixed[] };
  return c.props ? Object.keys(c.props) : (c.types ?? []).flatMap(propsOf);
};

describe('AcsRequestV2 (the body of POST /v2/state/acs)', () => {
  it('is exported in codecs.scan under its schema name, with the fields of the schema', () => {
    assert.equal(codecs.scan.AcsRequestV2, AcsRequestV2);
    assert.equal(AcsRequestV2.name, 'AcsRequestV2');
    const schema = upstreamSchema('splice/apps/scan/src/main/openapi/scan.yaml', 'AcsRequestV2');
    assert.ok(schema);
    assert.deepEqual(propsOf(AcsRequestV2).sort(), [...schema.properties].sort());
  });

  it('decodes a request with filters and a token; refuses one without its page size, with the path', () => {
    const body = { migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 10, record_time_match: 'exact', after: 'abc', party_ids: ['alice::1220'], templates: ['splice-amulet:Splice.Amulet:Amulet'] };
    assert.deepEqual(decodeWith(AcsRequestV2)(body), E.right(body));
    const bad = decodeWith(AcsRequestV2)({ migration_id: 4, record_time: '2026-03-19T15:00:00Z' });
    assert.ok(E.isLeft(bad) && bad.left._tag === 'DecodeError' && bad.left.issues.some((i) => i.path === 'page_size'));
  });
});
