// oidc-provider ships no types (and @types/oidc-provider stops at 8): the part the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: unknown);
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }
  export const errors: { InvalidTarget: new () => Error };
}
