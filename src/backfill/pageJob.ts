import type { CantonError } from '../errors/CantonError.js';

/** A history page for a decoding worker: its bytes (transferred, not copied) and what names it. @internal */
export interface PageJob {
  readonly id: number;
  readonly version: 'v1' | 'v2';
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  readonly status: number;
  readonly method: string;
  readonly url: string;
}

/** A worker's answer: the page's text (accepted as it is), its decoded value (changed by the codec), or the Left. @internal */
export type PageResult =
  | { readonly id: number; readonly text: string }
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly error: CantonError };
