/**
 * Runs a model path against a real actor of `appMachine`: user events are sent, and each
 * `xstate.done/error.actor.<id>` step makes the provided actor of that id resolve or reject.
 * Every step is compared with the model and checked by the oracle; what ran is recorded for the
 * coverage report.
 */
import { vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { LoginInput, StoredToken } from '../../contract/auth';
import { appMachine, type Session } from '../../machines/app.machine';
import {
  ACTOR_IDS,
  describeEvent,
  serializeState,
  START_LOCATION,
  stateName,
  type ActorId,
  type AppSnapshot,
  type ModelPath,
} from './app.model';
import { checkStep, noEffects, type Effects } from './oracle';

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A transition definition named so that the same transition of a `.provide()`d copy matches. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.source.transitions.get(t.eventType) ?? [];
  return `${t.source.id} on ${t.eventType} #${list.indexOf(t)}`;
}

/** Every transition the machine defines (events, invoke done/error), on every state node. */
export function allTransitionKeys(): string[] {
  const nodes = [appMachine.root, ...getStateNodes(appMachine.root)];
  return nodes.flatMap((node) => [...node.transitions.values()].flat().map(transitionKey));
}

export const coverage = {
  states: new Set<string>(),
  transitions: new Set<string>(),
  edges: new Set<string>(),
  /** Step kinds seen, e.g. 'loadStoredAuth.error(Invalid token.)', for the scenario checklist. */
  scenarios: new Set<string>(),
};

export type ReplayResult = {
  final: AppSnapshot;
  /** Effects of the whole path. */
  effects: Effects;
  /** Effects of its last step. */
  last: Effects;
};

export async function replay(path: ModelPath): Promise<ReplayResult> {
  const pending = new Map<ActorId, Deferred>();
  const total = noEffects();
  let step = noEffects();
  const record = <K extends keyof Effects>(key: K, value: Effects[K] extends (infer T)[] ? T : never) => {
    (step[key] as unknown[]).push(value);
    (total[key] as unknown[]).push(value);
  };

  const controlled = <TOut, TIn>(id: ActorId, onCall: (input: TIn) => void) =>
    fromPromise<TOut, TIn>(({ input }) => {
      onCall(input);
      return new Promise<TOut>((resolve, reject) => pending.set(id, { resolve: resolve as Deferred['resolve'], reject }));
    });

  const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => record('warn', args));
  const machine = appMachine.provide({
    actors: {
      loadStoredAuth: controlled<Session, unknown>('loadStoredAuth', () => {
        step.loadStoredAuth++;
        total.loadStoredAuth++;
      }),
      login: controlled<Session, LoginInput>('login', (input) => record('login', input)),
      logout: controlled<void, { token: StoredToken }>('logout', (input) => record('logout', input)),
    },
    actions: {
      storeSession: (_, params: { session: Session }) => record('storeSession', params.session),
      clearStoredAuth: () => {
        step.clearStoredAuth++;
        total.clearStoredAuth++;
      },
      syncUrl: (_, params: { replace: boolean }) => record('syncUrl', params.replace),
    },
  });

  const inspect = (ev: InspectionEvent) => {
    if (ev.type === '@xstate.microstep' && ev.actorRef === actor) {
      for (const t of ev._transitions) coverage.transitions.add(transitionKey(t));
    }
  };
  const actor = createActor(machine, { input: { location: START_LOCATION }, inspect });
  const nodes = getStateNodes(machine.root);
  const reached = (s: AppSnapshot) => {
    for (const node of nodes) if (s.matches(node.path.join('.') as never)) coverage.states.add(node.id);
  };

  try {
    actor.start();
    const [init, ...steps] = path.steps;
    let snapshot = actor.getSnapshot();
    if (serializeState(snapshot) !== serializeState(init.state)) {
      throw new Error(`start: got ${serializeState(snapshot)}, model ${serializeState(init.state)}`);
    }
    if (total.loadStoredAuth !== 1) throw new Error('start-up must load the stored login once');
    reached(snapshot);

    for (const [i, { event, state: expected }] of steps.entries()) {
      const prev = snapshot;
      step = noEffects();
      const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (m) {
        const id = m[2] as ActorId;
        if (!ACTOR_IDS.includes(id)) throw new Error(`unknown actor id ${id}`);
        const call = pending.get(id);
        if (!call) throw new Error(`step ${i + 1}: the model answers ${id}, but the actor did not call it`);
        pending.delete(id);
        if (m[1] === 'done') call.resolve(event.output);
        else call.reject(event.error);
        snapshot = await waitFor(actor, (s) => s !== prev, { timeout: 1000 });
      } else {
        actor.send(event as never);
        snapshot = actor.getSnapshot();
      }
      const where = `step ${i + 1} (${describeEvent(event)})`;
      if (serializeState(snapshot) !== serializeState(expected)) {
        throw new Error(`${where}: actor is in ${serializeState(snapshot)}, model says ${serializeState(expected)}`);
      }
      try {
        checkStep(prev, event, snapshot, step);
      } catch (e) {
        (e as Error).message = `${where} from ${serializeState(prev)}: ${(e as Error).message}`;
        throw e;
      }
      reached(snapshot);
      coverage.edges.add(`${serializeState(prev)} -- ${describeEvent(event)}`);
      coverage.scenarios.add(scenarioName(prev, event, snapshot));
    }
    return { final: snapshot, effects: total, last: step };
  } finally {
    actor.stop();
    warn.mockRestore();
  }
}

/** A coarse name for what a step did, for the scenario checklist of the coverage report. */
function scenarioName(prev: AppSnapshot, event: { type: string; to?: string; error?: unknown }, next: AppSnapshot) {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m) return `${m[2]}.${m[1]}${m[1] === 'error' ? `(${(event.error as Error).message})` : ''}`;
  const from = stateName(prev);
  const pending = prev.context.pendingLeave;
  const ignored = prev.value === next.value && prev.context === next.context;
  if (from === 'loggedIn.confirmingLeave') {
    return `${event.type} while asking${pending ? `(${pending.type})` : ''}${ignored ? ' ignored' : ''}`;
  }
  if (from === 'loggedIn.browsing' && stateName(next) === 'loggedIn.confirmingLeave') return `${event.type} held`;
  if (event.type.startsWith('nav.') && 'to' in event && from !== 'starting') {
    return `${event.type} ${next.context.location === event.to ? 'allowed' : 'redirected'}${prev.context.block ? ' while blocked' : ''}`;
  }
  return `${event.type}${ignored ? ' ignored' : ''}${prev.context.block && event.type === 'session.expired' ? ' while blocked' : ''}`;
}
