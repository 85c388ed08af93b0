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
