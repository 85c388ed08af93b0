import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { parseTokenStandardTransaction } from '../../src/tokenStandard/parseTokenStandardTransaction';
import type { TokenStandardContract } from '../../src/tokenStandard/TokenStandardTransaction';
import type { JsTransaction } from '../../src/codecs/ledger/JsTransaction';
import { FIXTURE_PARTY, parserFixtures } from '../helpers/tokenStandardFixtures';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('parseTokenStandardTransaction (the upstream token-standard parser, pure)', () => {
  const fixtures = parserFixtures();

  /** Every transaction read as upstream's test reads it: each archived contract asked of the mock's answers. */
  const parseAll = (f: (typeof fixtures)[number], asked: string[] = []) =>
    f.updates.flatMap((u) => {
      const tx = u.update.Transaction.value as unknown as JsTransaction;
      const contractOf = (cid: string): TokenStandardContract => {
        asked.push(cid);
        const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
        return a ? { created: a.created.createdEvent as never, archived: a.archived != null } : null;
      };
      const parse = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: f.version, contractOf });
      assert.equal(parse._tag, 'Parsed');
      if (parse._tag !== 'Parsed') return [];
      assert.ok(E.isRight(parse.result), JSON.stringify(parse.result));
      return E.isRight(parse.result) && parse.result.right.events.length > 0 ? [parse.result.right] : [];
    });

  for (const f of fixtures) {
    it(`${f.name}: the same JSON as upstream's expected output, byte for byte (${f.expected.transactions.length} transactions)`, () => {
      const out = parseAll(f);
      assert.deepEqual(out, f.expected.transactions);
      assert.equal(JSON.stringify(out), JSON.stringify(f.expected.transactions), 'the keys in upstream\'s order too');
    });
  }

  it('V1 is the default standard version (as the upstream CLI\'s --standard-version)', () => {
    const f = fixtures.find((x) => x.name === 'sv-voting-172775422 V1')!;
    const tx = f.updates.find((u) => JSON.stringify(u).includes('EventLog_HoldingsChange') && JSON.stringify(u).includes('TransferFactory_Transfer'))!.update.Transaction.value as unknown as JsTransaction;
    const contractOf = (cid: string): TokenStandardContract => {
      const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
      return a ? { created: a.created.createdEvent as never, archived: true } : null;
    };
    assert.deepEqual(parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf }), parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: 'V1', contractOf }));
    assert.notDeepEqual(parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf }), parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: 'V2', contractOf }));
  });

  it('a contract it needs and was not given comes back as NeedsContracts (each once), and the parse with it known is the same as upstream', () => {
    for (const f of fixtures) {
      for (const u of f.updates) {
        const tx = u.update.Transaction.value as unknown as JsTransaction;
        const known = new Map<string, TokenStandardContract>();
        let parse = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: f.version, contractOf: (cid) => known.get(cid) });
        for (let round = 0; parse._tag === 'NeedsContracts'; round++) {
          assert.ok(round < 5, 'a bounded number of rounds');
          assert.equal(new Set(parse.contractIds).size, parse.contractIds.length, 'each contract once');
          for (const cid of parse.contractIds) {
            assert.ok(!known.has(cid), `${cid} asked again`);
            const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
            known.set(cid, a ? { created: a.created.createdEvent as never, archived: a.archived != null } : null);
          }
          parse = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: f.version, contractOf: (cid) => known.get(cid) });
        }
        assert.ok(E.isRight(parse.result));
      }
    }
  });

  describe('a transaction it cannot read is a Left naming the transaction and the field', () => {
    const f = fixtures.find((x) => x.name === 'sv-voting-172775422 V1')!;
    const contractOf = (cid: string): TokenStandardContract => {
      const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
      return a ? { created: a.created.createdEvent as never, archived: true } : null;
    };
    /** The first transaction with a created holding of alice's inside a known choice, and that create's event index. */
    const withCreate = () => {
      for (const u of f.updates) {
        const tx = clone(u.update.Transaction.value) as unknown as JsTransaction & { events: any };
        const i = (tx.events as any[]).findIndex((e) => e.CreatedEvent?.interfaceViews?.[0]?.viewValue?.owner === FIXTURE_PARTY);
        if (i >= 0) return { tx, i };
      }
      throw new Error('no create');
    };
    const leftOf = (tx: JsTransaction, version: 'V1' | 'V2' = 'V1') => {
      const parse = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, standardVersion: version, contractOf });
      assert.equal(parse._tag, 'Parsed');
      assert.ok(parse._tag === 'Parsed' && E.isLeft(parse.result), 'a Left');
      return parse.result.left;
    };

    it('a malformed amount', () => {
      const { tx, i } = withCreate();
      tx.events[i].CreatedEvent.interfaceViews[0].viewValue.amount = '1e3';
      const left = leftOf(tx);
      assert.equal(left._tag, 'DecodeError');
      assert.equal(left._tag === 'DecodeError' && left.issues[0]!.path, `transaction(${tx.updateId}).events.${i}.CreatedEvent.interfaceViews.0.viewValue.amount`);
    });

    it('a view the participant could not compute (viewStatus not OK)', () => {
      const { tx, i } = withCreate();
      tx.events[i].CreatedEvent.interfaceViews[0].viewStatus = { code: 9, message: 'view failed', details: [] };
      delete tx.events[i].CreatedEvent.interfaceViews[0].viewValue;
      const left = leftOf(tx);
      assert.equal(left._tag === 'DecodeError' && left.issues[0]!.path, `transaction(${tx.updateId}).events.${i}.CreatedEvent.interfaceViews.0.viewStatus`);
    });

    it('an unknown tx-kind (upstream throws)', () => {
      const u = f.updates.find((x) => JSON.stringify(x).includes('"splice.lfdecentralizedtrust.org/tx-kind":"transfer"'));
      const tx = JSON.parse(JSON.stringify(u!.update.Transaction.value).split('"splice.lfdecentralizedtrust.org/tx-kind":"transfer"').join('"splice.lfdecentralizedtrust.org/tx-kind":"teleport"')) as JsTransaction;
      const left = leftOf(tx);
      assert.match(left._tag === 'DecodeError' ? left.issues[0]!.path : '', new RegExp(`^transaction\\(${tx.updateId}\\)\\.events\\.\\d+\\.ExercisedEvent\\.meta`));
      assert.equal(left._tag === 'DecodeError' && left.issues[0]!.actual, '"teleport"');
    });

    it('a Holding interface of a version the V2 parser does not know', () => {
      const v2 = fixtures.find((x) => x.name === 'sv-voting-172775422 V2')!;
      const u = v2.updates.find((x) => JSON.stringify(x).includes('HoldingV2:Holding'))!;
      const tx = JSON.parse(JSON.stringify(u.update.Transaction.value).split('Splice.Api.Token.HoldingV2:Holding').join('Splice.Api.Token.HoldingV3:Holding')) as JsTransaction;
      const left = leftOf(tx, 'V2');
      assert.match(left._tag === 'DecodeError' ? left.issues[0]!.path : '', /interfaceViews\.\d+\.interfaceId$/);
    });
  });

  it('strict: a raw Create of a holding no token-standard choice explains is a Left; strictIgnore lets its template through', () => {
    const f = fixtures.find((x) => x.name === 'sv-voting-172775422 V1')!;
    const contractOf = (cid: string): TokenStandardContract => {
      const a = f.answers.find((x) => x.created.createdEvent.contractId === cid);
      return a ? { created: a.created.createdEvent as never, archived: true } : null;
    };
    const index = (f.expected.transactions as Array<{ updateId: string; events: Array<{ label: { type: string; templateId?: string } }> }>).find((t) => t.events.some((e) => e.label.type === 'Create'))!;
    const tx = f.updates.find((u) => (u.update.Transaction.value as unknown as JsTransaction).updateId === index.updateId)!.update.Transaction.value as unknown as JsTransaction;
    const lenient = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf });
    assert.ok(lenient._tag === 'Parsed' && E.isRight(lenient.result));
    const strict = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf, strict: true });
    assert.ok(strict._tag === 'Parsed' && E.isLeft(strict.result));
    assert.match(strict.result.left._tag === 'DecodeError' ? strict.result.left.issues[0]!.message! : '', /raw Create/);
    const template = index.events.find((e) => e.label.type === 'Create')!.label.templateId!;
    const ignored = parseTokenStandardTransaction(tx, { party: FIXTURE_PARTY, contractOf, strict: true, strictIgnore: [template.slice(template.lastIndexOf(':') + 1)] });
    assert.deepEqual(ignored, lenient);
  });
});
