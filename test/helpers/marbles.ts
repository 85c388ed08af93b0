import assert from 'node:assert/strict';
import { TestScheduler } from 'rxjs/testing';

/** A TestScheduler that compares frames with node:assert's deep equality. Use it in run() mode only. */
export const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => assert.deepStrictEqual(actual, expected));
