import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { BodyTooLarge, readText } from '../../src/http/readText';

const headers = (length?: number) => ({ get: (name: string) => (name === 'content-length' && length !== undefined ? String(length) : null) });
const neverText = () => Promise.reject(new Error('text() must not be called when there is a stream'));
/** A WHATWG stream of the chunks (what the platform fetch gives), recording whether it was cancelled. */
const webBody = (chunks: string[]) => {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
};

describe('readText', () => {
  it('reads a WHATWG stream whole within the bound, multi-byte characters split across chunks included', async () => {
    const euro = new TextEncoder().encode('€');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(euro.subarray(0, 1));
        c.enqueue(euro.subarray(1));
        c.enqueue(new TextEncoder().encode('!'));
        c.close();
      },
    });
    assert.equal(await readText({ headers: headers(), text: neverText, body }, 4), '€!');
  });

  it('stops a WHATWG stream at the first chunk past the bound and cancels it', async () => {
    const { body, state } = webBody(Array.from({ length: 100 }, () => 'x'.repeat(10)));
    await assert.rejects(readText({ headers: headers(), text: neverText, body }, 25), (e: unknown) => e instanceof BodyTooLarge && e.maxBytes === 25 && e.declared === undefined);
    assert.ok(state.pulled < 10);
    assert.equal(state.cancelled, true);
  });

  it('stops a Node stream (cross-fetch) past the bound and destroys it', async () => {
    const node = Readable.from(Array.from({ length: 100 }, () => Buffer.from('y'.repeat(10))));
    await assert.rejects(readText({ headers: headers(), text: neverText, body: node }, 25), BodyTooLarge);
    assert.equal(node.destroyed, true);
    assert.equal(await readText({ headers: headers(), text: neverText, body: Readable.from([Buffer.from('ok')]) }, 25), 'ok');
  });

  it('refuses a Content-Length past the bound without reading', async () => {
    const { body, state } = webBody(['never read']);
    await assert.rejects(readText({ headers: headers(1000), text: neverText, body }, 999), (e: unknown) => e instanceof BodyTooLarge && e.declared === 1000);
    assert.equal(state.pulled, 0);
  });

  it('decodes a Node stream as a whole, a character split across Buffers and string chunks included', async () => {
    const bytes = Buffer.from('{"name":"Zoë €"}');
    const split = bytes.indexOf(0xe2) + 1;
    const node = Readable.from([bytes.subarray(0, split), bytes.subarray(split), 'ü']);
    assert.equal(await readText({ headers: headers(), text: neverText, body: node }, bytes.length + 2), '{"name":"Zoë €"}ü');
    await assert.rejects(readText({ headers: headers(), text: neverText, body: Readable.from(['€€']) }, 5), BodyTooLarge);
  });

  it('reads an empty stream, or one of empty chunks, as the empty text', async () => {
    assert.equal(await readText({ headers: headers(0), text: neverText, body: webBody([]).body }, 10), '');
    assert.equal(await readText({ headers: headers(), text: neverText, body: webBody(['', '']).body }, 10), '');
    assert.equal(await readText({ headers: headers(), text: neverText, body: Readable.from([Buffer.alloc(0)]) }, 10), '');
  });

  it('gives every byte once, in order, across many chunks', async () => {
    const parts = Array.from({ length: 50 }, (_, i) => `${i},`);
    assert.equal(await readText({ headers: headers(), text: neverText, body: webBody(parts).body }, 1000), parts.join(''));
  });

  it('reads a body of declared length whole, and a body that does not keep to its declared length as it comes', async () => {
    const parts = ['{"a":', '"€",', '"b":[1,2,3]}'];
    const length = new TextEncoder().encode(parts.join('')).byteLength;
    for (const declared of [length, length - 5, length + 5, 1]) {
      assert.equal(await readText({ headers: headers(declared), text: neverText, body: webBody(parts).body }, 1000), parts.join(''), `declared ${declared}`);
      assert.equal(await readText({ headers: headers(declared), text: neverText, body: Readable.from(parts.map((p) => Buffer.from(p))) }, 1000), parts.join(''), `declared ${declared}`);
    }
    // The bound holds whatever was declared.
    await assert.rejects(readText({ headers: headers(4), text: neverText, body: webBody(parts).body }, 10), BodyTooLarge);
  });

  it('checks a body it can only read whole (a fetch without a stream)', async () => {
    assert.equal(await readText({ headers: headers(), text: () => Promise.resolve('abc') }, 3), 'abc');
    await assert.rejects(readText({ headers: headers(), text: () => Promise.resolve('€€') }, 5), BodyTooLarge);
  });
});
