import { readFixture, listFixtures } from '../../helpers/fixtures';

/**
 * Every Daml payload of the recorded fixtures (test/fixtures, scan/ and ledger/), each wrapped as
 * the one event of a stream item of its API, so that `typedPayloads` reads it as it reads a page.
 * The two docs examples whose payloads hold `"<...>"` placeholders where the docs elided fields
 * (INDEX.md: "NOT schema-valid"), and the docs example whose round configuration the docs elided
 * (INDEX.md: "the issuanceConfig member" removed with the comments), are left out: they are no
 * payload a server sent.
 */
export interface FixtureEvent {
  readonly file: string;
  readonly item: unknown;
  readonly templateId: string;
  readonly choice?: string;
}

const PLACEHOLDERS = new Set([
  'v2-updates-event-exercised__hyperledger-labs-splice__docs-2.json',
  'v2-updates-event-exercised__hyperledger-labs-splice__docs-3.json',
  'open-and-issuing-mining-rounds__hyperledger-labs-splice__docs-1.json',
]);

const walk = (file: string, v: unknown, out: FixtureEvent[]): void => {
  if (Array.isArray(v)) {
    for (const x of v) walk(file, x, out);
    return;
  }
  if (typeof v !== 'object' || v === null) return;
  const o = v as Record<string, unknown>;
  if (typeof o.template_id === 'string' && (o.create_arguments !== undefined || typeof o.choice === 'string' || o.payload !== undefined)) {
    const event =
      typeof o.choice === 'string'
        ? { ...o, event_type: 'exercised_event' }
        : { ...o, event_type: 'created_event', create_arguments: o.create_arguments ?? o.payload };
    out.push({ file, templateId: o.template_id, ...(typeof o.choice === 'string' ? { choice: o.choice } : {}), item: { events_by_id: { e: { ...event, event_id: 'e' } } } });
  }
  if (typeof o.templateId === 'string' && (o.createArgument !== undefined || typeof o.choice === 'string')) {
    const key = typeof o.choice === 'string' ? 'ExercisedEvent' : 'CreatedEvent';
    out.push({ file, templateId: o.templateId, ...(typeof o.choice === 'string' ? { choice: o.choice } : {}), item: { Transaction: { value: { events: [{ [key]: o }] } } } });
  }
  for (const k in o) walk(file, o[k], out);
};

export const fixtureEvents = (): FixtureEvent[] => {
  const out: FixtureEvent[] = [];
  for (const group of ['scan', 'ledger'] as const) for (const file of listFixtures(group)) if (!PLACEHOLDERS.has(file)) walk(`${group}/${file}`, readFixture(group, file), out);
  return out;
};
