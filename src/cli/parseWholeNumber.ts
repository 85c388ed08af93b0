import { InvalidArgumentError } from 'commander';

/**
 * A commander option parser for a whole number from `min` up; anything else is bad usage (exit
 * 2) with commander's message naming the option.
 * @example
 * ```ts
 * command.option('--page-size <n>', 'items a page', parseWholeNumber(1), 500);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const parseWholeNumber =
  (min = 0) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`expected a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
    return n;
  };
