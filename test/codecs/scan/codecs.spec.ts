import assert from 'node:assert/strict';
import { readFixture } from '../../helpers/fixtures.js';
import * as scan from '../../../src/codecs/scan/index.js';
import { codecs } from '../../../src/index.js';
import { decodeIssues, decodeOk, notAny } from './helpers.js';

const paths = (codec: Parameters<typeof decodeIssues>[0], u: unknown) => decodeIssues(codec, u).map((i) => [i.path, i.expected]);

describe('scan request and response codecs', () => {
  describe('UpdateHistoryRequestV1 / V2', () => {
    const after = { after_migration_id: 4, after_record_time: '2025-12-10T16:23:05.721430Z' };

    it('decode the upstream field daml_value_encoding', () => {
      for (const codec of [scan.UpdateHistoryRequestV1, scan.UpdateHistoryRequestV2]) {
        const body = { page_size: 100, after, daml_value_encoding: 'protobuf_json' };
        assert.equal(decodeOk(codec, body), body);
        decodeOk(codec, { page_size: 1 });
        decodeOk(codec, { page_size: 1, after: null, daml_value_encoding: null });
      }
    });

    it('also accept the summary name contract_value_encoding, kept as sent', () => {
      const decoded = decodeOk(scan.UpdateHistoryRequestV2, { page_size: 10, contract_value_encoding: 'compact_json' });
      assert.equal(decoded.contract_value_encoding, 'compact_json');
      assert.equal(decoded.daml_value_encoding, undefined);
    });

    it('refuse unknown encodings, a fractional page size and an after_record_time without a zone', () => {
      assert.deepEqual(paths(scan.UpdateHistoryRequestV2, { page_size: 10, daml_value_encoding: 'verbose' })[0], ['daml_value_encoding', 'DamlValueEncoding | null']);
      assert.deepEqual(paths(scan.UpdateHistoryRequestV1, { page_size: 1.5 })[0], ['page_size', 'int32']);
      assert.deepEqual(paths(scan.UpdateHistoryRequestV2, { page_size: 10, after: { ...after, after_record_time: '2025-12-10T17:23:05' } })[0], [
        'after.after_record_time',
        'Timestamp',
      ]);
      decodeOk(scan.UpdateHistoryRequestV2, { page_size: 10, after: { ...after, after_record_time: '2025-12-10T17:23:05+01:00' } });
      assert.deepEqual(paths(scan.UpdateHistoryRequestAfter, { after_record_time: after.after_record_time })[0], ['after_migration_id', 'int64']);
    });
  });

  describe('holdings and ACS (/v2)', () => {
    const request = { migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 100, owner_party_ids: ['alice::1220'] };

    it('HoldingsStateRequestV2: record_time_match is exact or at_or_before, after is a string, owners non-empty', () => {
      decodeOk(scan.HoldingsStateRequestV2, request);
      decodeOk(scan.HoldingsStateRequestV2, { ...request, record_time_match: 'at_or_before', after: 'opaque-token' });
      decodeOk(scan.HoldingsStateRequestV2, { ...request, record_time_match: null, after: null });
      assert.equal(paths(scan.HoldingsStateRequestV2, { ...request, record_time_match: 'before' })[0]![0], 'record_time_match');
      assert.equal(paths(scan.HoldingsStateRequestV2, { ...request, after: 61329223 })[0]![0], 'after');
      assert.equal(paths(scan.HoldingsStateRequestV2, { ...request, owner_party_ids: [] })[0]![0], 'owner_party_ids');
    });

    // The /v2 endpoints return ActiveContract items: the real v0 created events without event_type and event_id.
    const v0 = readFixture('scan', 'holdings-state__syed-bcw-canton-scan-tool__1.json') as { created_events: Array<Record<string, unknown>> };
    const activeContracts = v0.created_events.map(({ event_type: _t, event_id: _i, ...rest }, n) => (n === 0 ? rest : { ...rest, created_in_update_id: `1220${n}` }));

    it('AcsResponseV2 with ActiveContract items and a string next_page_token', () => {
      const page = { record_time: '2026-03-19T15:00:00Z', migration_id: 4, created_events: activeContracts, next_page_token: 'eyJhZnRlciI6MTJ9' };
      const decoded = decodeOk(scan.AcsResponseV2, page);
      assert.equal(decoded.created_events[0]!.created_in_update_id, undefined);
      assert.equal(decoded.created_events[1]!.created_in_update_id, '12201');
      decodeOk(scan.AcsResponseV2, { ...page, next_page_token: undefined });
      decodeOk(scan.AcsResponseV2, { ...page, next_page_token: null });
      decodeOk(scan.ActiveContract, { ...activeContracts[0], created_in_update_id: null });
      assert.deepEqual(paths(scan.AcsResponseV2, { ...page, created_events: [{ ...activeContracts[0], created_at: '19 March' }] })[0], ['created_events.0.created_at', 'Timestamp']);
    });

    it('AcsResponse (older /v0) takes an int64 token or null', () => {
      const page = { record_time: '2026-03-19T15:00:00Z', migration_id: 4, created_events: v0.created_events };
      decodeOk(scan.AcsResponse, { ...page, next_page_token: 2878675512 });
      decodeOk(scan.AcsResponse, { ...page, next_page_token: null });
      decodeOk(scan.AcsResponse, page);
      assert.equal(paths(scan.AcsResponse, { ...page, next_page_token: 'abc' })[0]![0], 'next_page_token');
    });
  });

  describe('bulk checksums', () => {
    it('items are {value?: string | null}', () => {
      decodeOk(codecs.scan.GetBulkObjectChecksumsRequest, { object_keys: ['a', 'b'] });
      const decoded = decodeOk(scan.GetBulkObjectChecksumsResponse, { checksums: [{ value: 'c0ffee' }, { value: null }, {}] });
      assert.deepEqual(
        decoded.checksums.map((c) => c.value),
        ['c0ffee', null, undefined],
      );
      assert.equal(paths(scan.GetBulkObjectChecksumsResponse, { checksums: [{ value: 1 }] })[0]![0], 'checksums.0.value');
    });
  });

  describe('votes', () => {
    const contract = {
      template_id: 'pkg:Splice.DsoRules:VoteRequest',
      contract_id: '00ab',
      payload: { dso: 'DSO::1220' },
      created_event_blob: 'CgMyLjE=',
      created_at: '2025-02-18T22:08:42.495769Z',
    };

    it('requests and lists of vote requests', () => {
      decodeOk(codecs.scan.BatchListVotesByVoteRequestsRequest, { vote_request_contract_ids: ['00ab'] });
      decodeOk(scan.ListVoteRequestByTrackingCidResponse, { vote_requests: [contract] });
      decodeOk(scan.ListDsoRulesVoteRequestsResponse, { dso_rules_vote_requests: [] });
      assert.deepEqual(paths(scan.ListDsoRulesVoteRequestsResponse, { dso_rules_vote_requests: [{ ...contract, payload: 'x' }] })[0], [
        'dso_rules_vote_requests.0.payload',
        'UnknownRecord',
      ]);
    });

    it('CountVoteResultsRequest is camelCase and all optional; the count is an int64', () => {
      decodeOk(scan.CountVoteResultsRequest, {});
      decodeOk(scan.CountVoteResultsRequest, { actionName: 'SRARC_', accepted: true, requester: 'sv1', effectiveFrom: '2025-01-01T00:00:00Z', effectiveTo: null });
      assert.equal(paths(scan.CountVoteResultsRequest, { accepted: 'yes' })[0]![0], 'accepted');
      assert.equal(decodeOk(scan.CountVoteResultsResponse, { count: 12 }).count, 12);
      assert.equal(paths(scan.CountVoteResultsResponse, { count: '12' })[0]![1], 'int64');
    });
  });

  describe('lookups', () => {
    const contract = {
      template_id: 'pkg:Splice.Amulet:FeaturedAppRight',
      contract_id: '00cd',
      payload: { dso: 'DSO::1220', provider: 'app::1220' },
      created_event_blob: 'CgMyLjE=',
      created_at: '2025-02-18T22:08:42.495769Z',
    };

    it('LookupFeaturedAppRightResponse: a Contract, null or absent', () => {
      decodeOk(scan.LookupFeaturedAppRightResponse, { featured_app_right: contract });
      decodeOk(scan.LookupFeaturedAppRightResponse, { featured_app_right: null });
      decodeOk(scan.LookupFeaturedAppRightResponse, {});
      assert.ok(decodeIssues(scan.LookupFeaturedAppRightResponse, { featured_app_right: { ...contract, created_at: 5 } }).some((i) => i.path === 'featured_app_right.created_at'));
    });

    it('LookupTransferCommandCounterByPartyResponse: a ContractWithState', () => {
      decodeOk(scan.LookupTransferCommandCounterByPartyResponse, { transfer_command_counter: { contract, domain_id: 'global-domain::1220' } });
      decodeOk(scan.LookupTransferCommandCounterByPartyResponse, { transfer_command_counter: { contract, domain_id: null } });
      assert.equal(paths(scan.LookupTransferCommandCounterByPartyResponse, { transfer_command_counter: { domain_id: 'd' } })[0]![0], 'transfer_command_counter.contract');
    });

    it('GetDsoPartyIdResponse', () => {
      assert.deepEqual(paths(scan.GetDsoPartyIdResponse, { dso_party_id: 7 }), [['dso_party_id', 'string']]);
    });

    it('GetOpenAndIssuingMiningRoundsRequest and the TTL as int64', () => {
      decodeOk(scan.GetOpenAndIssuingMiningRoundsRequest, { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: ['00ab'] });
      const u = readFixture('scan', 'open-and-issuing-mining-rounds__syed-bcw-canton-scan-tool__1.json') as Record<string, unknown>;
      assert.equal(paths(scan.GetOpenAndIssuingMiningRoundsResponse, { ...u, time_to_live_in_microseconds: 6e5 + 0.5 })[0]![0], 'time_to_live_in_microseconds');
      // A cached contract comes back without `contract`.
      const [cid] = Object.keys(u['open_mining_rounds'] as object);
      decodeOk(scan.GetOpenAndIssuingMiningRoundsResponse, { ...u, open_mining_rounds: { [cid!]: { domain_id: 'global-domain::1220' } } });
      decodeOk(scan.MaybeCachedContractWithStateMap, { [cid!]: {} });
    });
  });

  describe('reward accounting root hash', () => {
    it('decodes the three statuses', () => {
      const ok = decodeOk(scan.GetRewardAccountingRootHashResponse, { status: 'Ok', round_number: 88086, root_hash: 'ab12' });
      assert.ok(ok.status === 'Ok' && ok.round_number === 88086);
      decodeOk(scan.GetRewardAccountingRootHashResponse, { status: 'Undetermined' });
      decodeOk(scan.GetRewardAccountingRootHashResponse, { status: 'CannotProvide' });
      decodeOk(scan.RewardAccountingRootHashOk, { status: 'Ok', round_number: 1, root_hash: '00' });
      decodeOk(scan.RewardAccountingRootHashUndetermined, { status: 'Undetermined' });
      decodeOk(scan.RewardAccountingRootHashCannotProvide, { status: 'CannotProvide' });
    });

    it('keeps the older shape without status as it was sent (no status added)', () => {
      const old = { round_number: 12, root_hash: 'ab12' };
      const decoded = decodeOk(scan.GetRewardAccountingRootHashResponse, old);
      assert.equal(decoded, old);
      assert.ok(!('status' in decoded));
      // `status === undefined` is how callers narrow to this shape; it must leave root_hash typed.
      assert.ok(decoded.status === undefined);
      assert.equal(decoded.root_hash, 'ab12');
      assert.deepEqual(paths(scan.GetRewardAccountingRootHashResponse, { round_number: '12', root_hash: 'ab12' }), [['round_number', 'int64']]);
    });

    it('an Ok without its fields fails inside Ok; an unknown status (a newer Scan) is an unknown member, which strict refuses by name', () => {
      assert.deepEqual(paths(scan.GetRewardAccountingRootHashResponse, { status: 'Ok', round_number: 3 }), [['root_hash', 'string']]);
      const pending = { status: 'Pending', round_number: 3 };
      assert.equal(decodeOk(scan.GetRewardAccountingRootHashResponse, pending), pending);
      const [issue] = decodeIssues(scan.GetRewardAccountingRootHashResponse, { status: 'Pending' }, { strict: true });
      assert.equal(issue!.path, 'status');
      assert.match(issue!.message ?? '', /unknown GetRewardAccountingRootHashResponse status "Pending" \(known: Ok, Undetermined, CannotProvide\)/);
      assert.equal(decodeIssues(scan.GetRewardAccountingRootHashResponse, { status: null })[0]!.path, 'status');
    });

    it('types narrow on status', () => {
      const r = {} as scan.GetRewardAccountingRootHashResponse;
      notAny<typeof r>(true);
      if (r.status === 'Ok') notAny<typeof r.root_hash>(true);
    });
  });

  describe('amulet config for a round', () => {
    it('SteppedRate with RateStep items', () => {
      const config = { amulet_create_fee: '0.03', holding_fee: '0.0000190259', lock_holder_fee: '0.005', transfer_fee: { initial: '0.01', steps: [{ amount: '100.0', rate: '0.001' }] } };
      decodeOk(scan.GetAmuletConfigForRoundResponse, config);
      assert.deepEqual(paths(scan.GetAmuletConfigForRoundResponse, { ...config, transfer_fee: { initial: '0.01', steps: [{ amount: 100, rate: '0.001' }] } }), [
        ['transfer_fee.steps.0.amount', 'string'],
      ]);
      decodeOk(scan.SteppedRate, { initial: '0', steps: [] });
      decodeOk(scan.RateStep, { amount: '1', rate: '2' });
    });
  });
});
