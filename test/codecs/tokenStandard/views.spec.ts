import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith, sumDecimals, tokenStandard, tokenStandardInterfaces, unknownMemberOf } from '../../../src/index';

const DSO = 'DSO::1220aa';
const ALICE = 'alice::1220bb';
const BOB = 'bob::1220cc';
const meta = { values: { 'splice.lfdecentralizedtrust.org/reason': 'rent' } };
const holding = { owner: ALICE, instrumentId: { admin: DSO, id: 'Amulet' }, amount: '12.5000000000', lock: null, meta };
const transfer = {
  sender: ALICE,
  receiver: BOB,
  amount: '5.0000000000',
  instrumentId: { admin: DSO, id: 'Amulet' },
  requestedAt: '2026-11-26T10:00:00.123456Z',
  executeBefore: '2026-11-27T10:00:00Z',
  inputHoldingCids: ['00ab'],
  meta: { values: {} },
};

describe('token standard view codecs', () => {
  it('HoldingView decodes to itself; the amount stays the exact string; a lock with and without the upgrade\'s optional fields', () => {
    const r = decodeWith(tokenStandard.HoldingView)(holding);
    assert.ok(E.isRight(r));
    assert.equal(r.right, holding);
    const locked = { ...holding, lock: { holders: [DSO], expiresAt: '2026-11-27T10:00:00Z', expiresAfter: { microseconds: '86400000000' }, context: 'offer' } };
    assert.ok(E.isRight(decodeWith(tokenStandard.HoldingView)(locked)));
    assert.ok(E.isRight(decodeWith(tokenStandard.HoldingView)({ ...holding, lock: { holders: [DSO] } })));
    // A field a newer interface version adds is kept.
    const newer = { ...holding, extra: 'x' };
    assert.equal(E.isRight(decodeWith(tokenStandard.HoldingView)(newer)) && (decodeWith(tokenStandard.HoldingView)(newer) as E.Right<unknown>).right, newer);
  });

  it('refuses amounts that are not exact Decimal strings, at their path', () => {
    for (const amount of [12.5, '1e3', '1.00000000001', '', '12,5']) {
      const r = decodeWith(tokenStandard.HoldingView)({ ...holding, amount });
      assert.ok(E.isLeft(r), String(amount));
      assert.equal(r.left.issues[0]!.path, 'amount');
    }
    const r = decodeWith(tokenStandard.HoldingView)({ ...holding, lock: { holders: [DSO], expiresAt: 'tomorrow' } });
    assert.ok(E.isLeft(r) && r.left.issues[0]!.path === 'lock.expiresAt');
  });

  it('TransferInstructionView: both statuses, the Daml variant encoding ({ tag, value }, pendingActions as [party, action] pairs)', () => {
    const offer = { originalInstructionCid: null, transfer, status: { tag: 'TransferPendingReceiverAcceptance', value: {} }, meta: { values: {} } };
    assert.ok(E.isRight(decodeWith(tokenStandard.TransferInstructionView)(offer)));
    const internal = { ...offer, originalInstructionCid: '00cd', status: { tag: 'TransferPendingInternalWorkflow', value: { pendingActions: [[DSO, 'screening']] } } };
    assert.ok(E.isRight(decodeWith(tokenStandard.TransferInstructionView)(internal)));
    const bad = decodeWith(tokenStandard.TransferInstructionView)({ ...offer, status: { tag: 'TransferPendingInternalWorkflow', value: { pendingActions: { [DSO]: 'screening' } } } });
    assert.ok(E.isLeft(bad) && bad.left.issues[0]!.path.startsWith('status.value.pendingActions'));
  });

  it('a status a newer registry adds is an unknown member named by its tag; strict refuses it', () => {
    const status = { tag: 'TransferPendingComplianceReview', value: { reviewer: DSO } };
    const r = decodeWith(tokenStandard.TransferInstructionStatus)(status);
    assert.ok(E.isRight(r));
    assert.equal(unknownMemberOf(tokenStandard.TransferInstructionStatus, r.right)?.name, 'TransferPendingComplianceReview');
    assert.equal(unknownMemberOf(tokenStandard.TransferInstructionStatus, { tag: 'TransferPendingReceiverAcceptance', value: {} }), undefined);
    const strict = decodeWith(tokenStandard.TransferInstructionStatus, { strict: true })(status);
    assert.ok(E.isLeft(strict) && JSON.stringify(strict.left.issues).includes('TransferPendingComplianceReview'));
    const view = decodeWith(tokenStandard.TransferInstructionView)({ transfer, status, meta: { values: {} } });
    assert.ok(E.isRight(view));
  });

  it('AllocationView: the allocation of one leg of a settlement and the holdings backing it', () => {
    const allocation = {
      allocation: {
        settlement: {
          executor: 'venue::1220dd',
          settlementRef: { id: 'trade-42', cid: null },
          requestedAt: '2026-11-26T10:00:00Z',
          allocateBefore: '2026-11-26T11:00:00Z',
          settleBefore: '2026-11-26T12:00:00Z',
          meta: { values: {} },
        },
        transferLegId: 'leg-0',
        transferLeg: { sender: ALICE, receiver: BOB, amount: '10.0000000000', instrumentId: { admin: DSO, id: 'Amulet' }, meta: { values: {} } },
      },
      holdingCids: ['00ab', '00ef'],
      meta: { values: {} },
    };
    assert.ok(E.isRight(decodeWith(tokenStandard.AllocationView)(allocation)));
    const r = decodeWith(tokenStandard.AllocationView)({ ...allocation, allocation: { ...allocation.allocation, transferLeg: { ...allocation.allocation.transferLeg, amount: 10 } } });
    assert.ok(E.isLeft(r) && r.left.issues[0]!.path === 'allocation.transferLeg.amount');
  });

  it('the interface ids are the package-name references the JSON API takes in filters', () => {
    for (const id of Object.values(tokenStandardInterfaces)) assert.match(id, /^#splice-api-token-[a-z-]+-v1:Splice\.Api\.Token\.[A-Za-z]+V1:[A-Za-z]+$/);
  });
});

describe('sumDecimals', () => {
  it('sums exactly, where floats drift', () => {
    assert.equal(sumDecimals(['0.1', '0.2']), '0.3000000000');
    assert.notEqual(0.1 + 0.2, 0.3);
    assert.equal(sumDecimals(['79916.3447160000', '0.0000000001', '-0.0000000001']), '79916.3447160000');
    assert.equal(sumDecimals(['12.5000000000', '0.1', '-2']), '10.6000000000');
    assert.equal(sumDecimals(['-0.5']), '-0.5000000000');
    assert.equal(sumDecimals([]), '0.0000000000');
    // 28 integer digits: beyond a float's 15 to 17.
    assert.equal(sumDecimals(['9999999999999999999999999999.9999999999', '0.0000000001']), '10000000000000000000000000000.0000000000');
  });

  it('throws a RangeError naming an amount that is no Decimal', () => {
    for (const bad of ['1e3', '0.00000000001', 'abc', 12 as unknown as string]) assert.throws(() => sumDecimals(['1', bad]), (e: unknown) => e instanceof RangeError && e.message.includes(JSON.stringify(bad)));
  });
});
