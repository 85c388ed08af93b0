import type { CliIo, CliWritable } from '../../src/cli/types';

/** A captured output stream; `tty` makes it claim to be a terminal. */
export class Capture implements CliWritable {
  text = '';
  constructor(readonly isTTY = false) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  once(): this {
    return this;
  }
  lines(): string[] {
    return this.text.split('\n').filter((l) => l.length > 0);
  }
  json(): Array<Record<string, unknown>> {
    return this.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

/** A CliIo with captured streams, a settable clock and stop requests sent by the test. */
export const fakeIo = (env: Record<string, string | undefined> = {}, options: { tty?: boolean } = {}) => {
  const stdout = new Capture();
  const stderr = new Capture(options.tty === true);
  let clock = 0;
  const handlers = new Set<(signal: string) => void>();
  const io: CliIo = {
    stdout,
    stderr,
    env,
    now: () => clock,
    onStop: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
  };
  return {
    io,
    stdout,
    stderr,
    advance: (ms: number) => (clock += ms),
    stop: (signal = 'SIGINT') => [...handlers].forEach((h) => h(signal)),
    listeners: () => handlers.size,
  };
};
