import type { NatsConnection } from 'nats';

/** Every message of a JetStream stream, in sequence order, with its Nats-Msg-Id and parsed item. */
export const subjectContents = async (nc: NatsConnection, stream: string): Promise<Array<{ seq: number; subject: string; msgId: string | undefined; item: { update_id: string } }>> => {
  const jsm = await nc.jetstreamManager();
  const last = (await jsm.streams.info(stream)).state.last_seq;
  const out: Array<{ seq: number; subject: string; msgId: string | undefined; item: { update_id: string } }> = [];
  for (let seq = 1; seq <= last; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq });
    out.push({ seq, subject: m.subject, msgId: m.header?.get('Nats-Msg-Id') || undefined, item: JSON.parse(new TextDecoder().decode(m.data)) as { update_id: string } });
  }
  return out;
};
