/**
 * Builds the node tree of a transaction from a nested description of what it creates and
 * exercises: node ids in pre-order (as Canton numbers them), witnesses, stakeholders and last
 * descendants.
 */
import { rec, type DamlValue } from '../daml.js';
import type { ContractData, CreatedNode, ExercisedNode, TemplateRef, TreeNode } from '../model.js';

/** A node to build: a create, or an exercise with its consequences. */
export type Spec =
  | { readonly created: ContractData }
  | {
      readonly exercise: {
        readonly target: ContractData;
        readonly choice: string;
        readonly argument: DamlValue;
        readonly result: DamlValue;
        readonly consuming: boolean;
        readonly acting: readonly string[];
        /** The interface the choice is exercised through (token-standard choices are). */
        readonly interfaceId?: TemplateRef;
        /** Choice observers: informees besides the target's (an `EventLog_HoldingsChange` names the account's owner). */
        readonly observers?: readonly string[];
      };
      readonly children: readonly Spec[];
    };

export const sortedUnique = (parties: Iterable<string>): string[] => [...new Set(parties)].sort();

/** A consuming exercise without consequences: how the history archives a contract. */
export const archiveSpec = (target: ContractData, acting: readonly string[], choice: string): Spec => ({
  exercise: { target, choice, argument: rec({}), result: rec({}), consuming: true, acting },
  children: [],
});

export const buildTree = (roots: readonly Spec[]): { nodes: TreeNode[]; roots: number[] } => {
  const slots: Array<TreeNode | undefined> = [];
  const visit = (spec: Spec, inherited: readonly string[]): number => {
    const nodeId = slots.length;
    if ('created' in spec) {
      const c = spec.created;
      const stakeholders = sortedUnique([...c.signatories, ...c.observers]);
      const node: CreatedNode = { kind: 'created', nodeId, contract: c, witnesses: sortedUnique([...stakeholders, ...inherited]), stakeholders };
      slots.push(node);
      return nodeId;
    }
    const e = spec.exercise;
    const stakeholders = sortedUnique([...e.target.signatories, ...e.target.observers]);
    // A non-consuming exercise is not shown to the observers of its target.
    const informees = [...(e.consuming ? stakeholders : e.target.signatories), ...e.acting, ...(e.observers ?? [])];
    const witnesses = sortedUnique([...informees, ...inherited]);
    // The exercise takes its id before its children take theirs.
    slots.push(undefined);
    const children = spec.children.map((c) => visit(c, witnesses));
    const node: ExercisedNode = {
      kind: 'exercised',
      nodeId,
      contractId: e.target.contractId,
      template: e.target.template,
      choice: e.choice,
      argument: e.argument,
      result: e.result,
      consuming: e.consuming,
      actingParties: sortedUnique(e.acting),
      witnesses,
      stakeholders,
      children,
      lastDescendant: slots.length - 1,
      // Only when set, so that the nodes of the default history keep their exact shape.
      ...(e.interfaceId === undefined ? {} : { interfaceId: e.interfaceId }),
    };
    slots[nodeId] = node;
    return nodeId;
  };
  const rootIds = roots.map((r) => visit(r, []));
  const nodes = slots.map((n, i) => {
    if (n === undefined) throw new Error(`node ${i} was never built`);
    return n;
  });
  return { nodes, roots: rootIds };
};
