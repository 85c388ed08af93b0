/**
 * A commander option parser for a repeatable option: each occurrence (and each comma-separated
 * part of it) is added to the list.
 * @example
 * ```ts
 * command.option('--party <id>', 'a party (repeatable)', collect, []); // --party a --party b,c → ['a', 'b', 'c']
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const collect = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
];
