import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { startSimulatedNetwork } from '../../src/testkit/index';
import { typedPayloads } from '../../src/operators/typedPayloads';

/**
 * The simulated network's Scan history carries its payloads as the Splice Daml sources define
 * them: every create argument, choice argument and result of a Splice template it writes decodes,
 * strictly, with the codecs of docs/payloads.md (before: the tap's result without its Amulet
 * price, a vote request without its reason, votes as a TextMap, a closed vote without its request).
 */
describe('testkit: the Scan history payloads are shaped as the Daml sources define them', function () {
  this.timeout(30_000);
  it('every payload of a Splice template decodes strictly, across every template the history writes', async () => {
    const net = await startSimulatedNetwork({ seed: 7, updates: 900 });
    try {
      const out = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 200 }).pipe(typedPayloads({ strict: true }), toArray()));
      const lefts = out.filter(E.isLeft).map((l) => JSON.stringify(l.left).slice(0, 300));
      assert.deepEqual(lefts, []);
      const templates = new Set(out.flatMap((r) => (E.isRight(r) ? r.right.events.map((e) => (e.kind === 'exercised' ? `${e.template} ${e.choice}` : e.template)) : [])));
      for (const t of ['splice-amulet:Splice.AmuletRules:AmuletRules AmuletRules_DevNet_Tap', 'splice-dso-governance:Splice.DsoRules:DsoRules DsoRules_RequestVote', 'splice-dso-governance:Splice.DsoRules:VoteRequest', 'splice-dso-governance:Splice.DsoRules:DsoRules DsoRules_CloseVoteRequest', 'splice-amulet:Splice.AmuletRules:AmuletRules AmuletRules_Transfer']) {
        assert.ok(templates.has(t), `${t} not in ${[...templates].join(', ')}`);
      }
    } finally {
      await net.close();
    }
  });
});
