import assert from 'node:assert/strict';
import { EMPTY } from 'rxjs';
import type { RecordStreamPlan } from '../../src/cli/RecordStreamPlan';
import { runPlan } from '../../src/cli/runPlan';
import { UsageError } from '../../src/cli/UsageError';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import { fakeIo } from './fakeIo';

describe('runPlan', () => {
  let opened = 0;
  const plan: RecordStreamPlan<ScanCheckpoint, never> = {
    command: 'test',
    stream: 'scan.updates',
    open: () => (opened++, EMPTY),
    checkpointOf: () => undefined,
    at: () => '',
  };

  it('stdout without --sink: an empty stream is exit 0', async () => {
    assert.equal(await runPlan(fakeIo().io, plan, {}), 0);
    assert.equal(opened, 1);
  });

  it('--sink excludes --out, --resume and --format json, before the stream is opened', async () => {
    for (const flags of [{ sink: 'pglite:x', out: 'o' }, { sink: 'pglite:x', resume: 'r' }, { sink: 'pglite:x', format: 'json' as const }]) {
      await assert.rejects(runPlan(fakeIo().io, plan, flags), UsageError, JSON.stringify(flags));
    }
    assert.equal(opened, 1);
  });
});
