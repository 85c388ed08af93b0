import { createClient } from '../clientFactory/createClient.js';
import type { Checkpoint } from '../streams/checkpoints.js';
import { connectionConfig, type ConnectionFlags, type GroupName } from './connectionConfig.js';
import { poolEventReporter } from './poolEventReporter.js';
import type { RecordStreamPlan } from './RecordStreamPlan.js';
import { runPlan } from './runPlan.js';
import { serveMetrics } from './serveMetrics.js';
import type { OutputFlags } from './runRecordStream.js';
import type { CommandContext } from './types.js';

/**
 * The action of a streaming command: a client of the groups it needs (from flags and
 * environment; a Scan pool's events printed on stderr), its plan, run to its output, the exit
 * code handed to `context`.
 * @example
 * ```ts
 * command.action(planAction(context, ['scan'], scanUpdatesPlan));
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const planAction =
  <F extends ConnectionFlags & OutputFlags, C extends Checkpoint, A>(
    context: CommandContext,
    groups: ReadonlyArray<GroupName>,
    plan: (client: ReturnType<typeof createClient>, flags: F) => RecordStreamPlan<C, A>,
  ) =>
  async (flags: F): Promise<void> => {
    const metrics = flags.metricsPort !== undefined ? await serveMetrics(flags.metricsPort, flags.metricsHost ?? '127.0.0.1') : undefined;
    try {
      if (metrics !== undefined) context.io.stderr.write(`${JSON.stringify({ metrics: metrics.url })}\n`);
      // The pool's events name the command, known once the plan is made (after the client).
      let command = 'canton-rx';
      const config = connectionConfig(flags, context.io.env, groups, (event) => poolEventReporter(context.io, command, flags.quiet === true)(event));
      const client = createClient({ ...config, ...(metrics !== undefined ? { telemetry: { meter: metrics.meter } } : {}) });
      const planned = plan(client, flags);
      command = planned.command;
      context.exit(await runPlan(context.io, planned, flags));
    } finally {
      await metrics?.close();
    }
  };
