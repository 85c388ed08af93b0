import type { ResponseBody } from './types.js';

/**
 * Classifies a response body by content type and content: JSON where JSON was sent, plain text
 * kept as text, nothing where nothing was sent. Returns `undefined` for JSON that does not parse
 * (the caller decides whether that is an error).
 * @internal
 */
export const readBody = (contentType: string | null, text: string): ResponseBody | undefined => {
  if (text.length === 0) return { _tag: 'Empty' };
  const ct = (contentType ?? '').toLowerCase();
  const declaredJson = ct.includes('json');
  const declaredText = ct.startsWith('text/');
  const looksJson = /^\s*[[{"]/.test(text);
  if (declaredJson || (!declaredText && looksJson)) {
    try {
      return { _tag: 'Json', json: JSON.parse(text) as unknown };
    } catch {
      return undefined;
    }
  }
  return { _tag: 'Text', text };
};

const utf8 = new TextDecoder();

/**
 * A body handed on unread (`okBytes`) read as the HTTP core reads a 2xx body: its text, and that
 * text classified by {@link readBody} (`body` undefined: JSON that does not parse).
 * @internal
 */
export const readBytesBody = (b: { readonly bytes: Uint8Array; readonly contentType: string | null }): { readonly text: string; readonly body: ResponseBody | undefined } => {
  const text = b.bytes.byteLength === 0 ? '' : utf8.decode(b.bytes);
  return { text, body: readBody(b.contentType, text) };
};
