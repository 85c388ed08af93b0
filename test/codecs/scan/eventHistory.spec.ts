import assert from 'node:assert/strict';
import { codecs } from '../../../src/index';
import { scanOperations } from '../../../src/generated/scan/operations';
import { decodeIssues, decodeOk } from './helpers.js';

// Defect B of issue 18: scan.events takes a verdict's record_time as its paging cursor; the
// generated codec of /v0/events now checks it (and every other timestamp) by the one rule set.
describe('scan /v0/events answers (generated EventHistoryResponse)', () => {
  const verdict = {
    update_id: '1220aa',
    migration_id: 4,
    domain_id: 'global-domain::1220bb',
    record_time: '2025-12-10T16:23:25.721430Z',
    finalization_time: '2025-12-10T16:23:25.9Z',
    submitting_parties: ['alice::1220'],
    submitting_participant_uid: 'PAR::p::1220',
    verdict_result: 'VERDICT_RESULT_ACCEPTED',
    mediator_group: 0,
    transaction_views: { views: [], root_views: [] },
  };

  it('is what scan.getEventHistory decodes with, exported as codecs.scan.EventHistoryResponse', () => {
    assert.equal(scanOperations.getEventHistory.response, codecs.scan.EventHistoryResponse);
  });

  it("refuses a verdict record_time that is no timestamp, at its path, with the Timestamp rule", () => {
    const issues = decodeIssues(codecs.scan.EventHistoryResponse, { events: [{ verdict: { ...verdict, record_time: 'yesterday' } }] });
    assert.deepEqual(
      issues.map((i) => [i.path, i.expected]),
      [['events.0.verdict.record_time', 'Timestamp']],
    );
  });

  it('accepts the RFC 3339 forms a server sends, +00:00 included, as sent', () => {
    for (const record_time of ['2025-12-10T16:23:25.721430Z', '2025-12-10T16:23:25.721430+00:00', '2025-12-10T16:23:25Z']) {
      const page = { events: [{ verdict: { ...verdict, record_time } }] };
      assert.equal(decodeOk(codecs.scan.EventHistoryResponse, page), page);
    }
  });

  it('refuses a quoted migration_id: int64 is a JSON number, by the one rule set', () => {
    const issues = decodeIssues(codecs.scan.EventHistoryResponse, { events: [{ verdict: { ...verdict, migration_id: '4' } }] });
    assert.deepEqual(issues.map((i) => [i.path, i.expected]), [['events.0.verdict.migration_id', 'int64']]);
  });
});
