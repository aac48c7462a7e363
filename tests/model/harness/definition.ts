/**
 * What a machine defines, read from its definition alone: every state node and every
 * transition (event, invoke done/error, eventless), each with a stable key. The model tests
 * record walked transitions under these keys and `npm run paths` counts them against this list,
 * so both sides must name a transition the same way, also on a `.provide()`d copy.
 * No vitest here: tests/model/paths/report.ts imports it.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export type StateInfo = {
  /** The state node's id, e.g. `app.loggedIn.browsing`. */
  id: string;
  parent: string | null;
  /** The child entered first, for a compound state. */
  initial: string | null;
  final: boolean;
};

export type TransitionInfo = {
  key: string;
  source: string;
  /** The event type; '' for an eventless (`always`) transition. */
  event: string;
  /** Its place among the source's transitions for this event (the guard order). */
  index: number;
  /** Empty for a transition that stays (only actions). */
  targets: string[];
  guard: string | null;
};

export type MachineDefinition = { id: string; states: StateInfo[]; transitions: TransitionInfo[] };

const guardName = (guard: unknown): string | null => {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  const { type, params } = guard as { type?: unknown; params?: unknown };
  const name = typeof type === 'string' ? type : 'inline guard';
  return params && typeof params === 'object' ? `${name} ${JSON.stringify(params)}` : name;
};

/** The same transition gets the same key on every copy of the machine (`.provide()` makes new nodes). */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const targets = t.target?.map((n: AnyStateNode) => n.id).join(',') || '(stays)';
  return `${t.source.id} --${t.eventType || '(always)'} #${list.indexOf(t)}--> ${targets}`;
}

export function machineDefinition(machine: AnyStateMachine): MachineDefinition {
  const nodes: AnyStateNode[] = getStateNodes(machine.root);
  const states = nodes.map((n) => ({
    id: n.id,
    parent: n.parent && n.parent !== machine.root ? n.parent.id : null,
    initial: n.type === 'compound' ? (n.initial.target[0]?.id ?? null) : null,
    final: n.type === 'final',
  }));
  const transitions = [machine.root, ...nodes].flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t: AnyTransitionDefinition) => {
      const list = t.eventType === '' ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? []);
      return {
        key: transitionKey(t),
        source: node.id,
        event: t.eventType,
        index: list.indexOf(t),
        targets: t.target?.map((n: AnyStateNode) => n.id) ?? [],
        guard: guardName(t.guard),
      };
    }),
  );
  return { id: machine.id, states, transitions };
}
