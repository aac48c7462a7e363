/**
 * The one model-test harness: a machine's model (inputs, events, what makes a state), an oracle
 * written independently of the machine, and a stage (the bare actor, or the screen it drives).
 * `walk(path)` runs a path from `xstate/graph` on a real actor whose calls wait for the path to
 * answer them, checks every step against the graph, the oracle and the stage, and records which
 * states and transitions it walked; the suite writes that record when it ends, for `npm run paths`.
 */
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { machineDefinition, transitionKey } from './definition';
import { describePath, isAnswer } from './graph';
import { writeRecording } from './recording';
import type { Effects, Model, ModelEvent, ModelPath, Oracle, Stage, WalkResult } from './types';

export * from './graph';
export type * from './types';

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export type HarnessOptions<S extends AnyMachineSnapshot> = {
  model: Model<S>;
  oracle: Oracle<S>;
  /** A fresh stage for every walk; without one, events are sent to the actor. */
  stage?: () => Stage<S>;
  /** Sees every step that passed its checks (e.g. to keep a checklist of scenarios). */
  onStep?: (prev: S, event: ModelEvent, next: S) => void;
  /** How long a call's answer may take to arrive (a rendering screen is slower). */
  answerTimeout?: number;
};

export type Harness<S extends AnyMachineSnapshot> = {
  model: Model<S>;
  walk: (path: ModelPath<S>) => Promise<WalkResult<S>>;
  describe: (path: ModelPath<S>, withInput?: boolean) => string;
  /** Walks each path in turn; a failure names the path it happened on. */
  walkAll: (paths: ModelPath<S>[], withInput?: boolean) => Promise<void>;
  /** Prints the counts and fails on any state or transition of the definition not walked yet. */
  expectAllWalked: () => void;
  walked: { states: Set<string>; transitions: Set<string>; paths: number; steps: number };
};

const answerOf = (event: ModelEvent) => /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)!;

export function createHarness<S extends AnyMachineSnapshot>(options: HarnessOptions<S>): Harness<S> {
  const { model, oracle } = options;
  const definition = machineDefinition(model.machine);
  const srcs = Object.keys(model.machine.implementations.actors);
  const walked = { states: new Set<string>(), transitions: new Set<string>(), paths: 0, steps: 0 };
  const empty = (): Effects => Object.fromEntries([...srcs, ...model.effects].map((name) => [name, []]));

  // Written when the test file ends, whatever passed: the report is about what ran.
  const suite = path.relative(process.cwd(), expect.getState().testPath ?? '');
  afterAll(() => {
    writeRecording({
      machine: definition.id,
      suite,
      recordedAt: new Date().toISOString(),
      paths: walked.paths,
      steps: walked.steps,
      states: [...walked.states].sort(),
      transitions: [...walked.transitions].sort(),
    });
  });

  async function walk(p: ModelPath<S>): Promise<WalkResult<S>> {
    const pending = new Map<string, Deferred>();
    const total = empty();
    let step = empty();
    const record = (name: string, value: unknown) => {
      step[name].push(value);
      total[name].push(value);
    };
    // Every call waits for the path to answer it, by invoke id (two invokes may share a src).
    const actors = Object.fromEntries(
      srcs.map((src) => [
        src,
        fromPromise<unknown, unknown>(({ input, self }) => {
          record(src, input);
          return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
        }),
      ]),
    );
    const actions = Object.fromEntries(model.effects.map((name) => [name, (_: unknown, params: unknown) => record(name, params ?? null)]));
    const machine = model.machine.provide({ actors, actions } as never);
    const nodes = definition.states.map((s) => ({ id: s.id, path: s.id.split('.').slice(1).join('.') }));
    const reached = (s: S) => {
      for (const node of nodes) if (s.matches(node.path as never)) walked.states.add(node.id);
    };
    const inspect = (ev: InspectionEvent) => {
      // The root actor's own steps (its transient start included, before `actor` is even assigned).
      if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return;
      for (const t of ev._transitions) {
        walked.transitions.add(transitionKey(t));
        // A transient state (left by `always`) is never a snapshot: leaving it proves it was entered.
        if (t.source.parent) walked.states.add(t.source.id);
      }
    };
    const actor = createActor(machine, { input: p.input, inspect } as never);
    const stage = options.stage?.() ?? {};
    const settle = stage.act ?? ((fn) => fn());

    try {
      actor.start();
      await stage.mount?.(actor);
      const [init, ...steps] = p.steps;
      let snapshot = actor.getSnapshot() as S;
      expect(model.serializeState(snapshot), 'start').toBe(model.serializeState(init.state));
      try {
        oracle.start(snapshot, step, p.input);
        await stage.show?.(snapshot);
      } catch (e) {
        (e as Error).message = `start [${p.inputName}]: ${(e as Error).message}`;
        throw e;
      }
      reached(snapshot);

      for (const [i, { event, state: planned }] of steps.entries()) {
        const where = `step ${i + 1} (${model.describeEvent(event)})`;
        const prev = snapshot;
        step = empty();
        try {
          if (isAnswer(event)) {
            const [, outcome, id] = answerOf(event);
            const call = pending.get(id);
            if (!call) throw new Error(`the path answers ${id}, but the actor did not call it`);
            pending.delete(id);
            await settle(async () => {
              if (outcome === 'done') call.resolve(event.output);
              else call.reject(event.error);
              await waitFor(actor, (s) => s !== prev, { timeout: options.answerTimeout ?? 2000 });
            });
          } else if (stage.perform) {
            await stage.perform(event, actor);
          } else {
            actor.send(event);
          }
          snapshot = actor.getSnapshot() as S;
          walked.steps++;
          reached(snapshot);
          // The graph and the actor come from the same machine: this checks the walk, not the machine.
          expect(model.serializeState(snapshot), 'the actor is where the path planned').toBe(model.serializeState(planned));
          // The oracle does check the machine.
          oracle.step(prev, event, snapshot, step);
          await stage.show?.(snapshot);
        } catch (e) {
          (e as Error).message = `${where} from ${model.serializeState(prev)}:\n${(e as Error).message}`;
          throw e;
        }
        options.onStep?.(prev, event, snapshot);
      }
      walked.paths++;
      return { final: snapshot, effects: total, last: step };
    } finally {
      stage.unmount?.();
      actor.stop();
    }
  }

  function expectAllWalked() {
    const states = definition.states.map((s) => s.id);
    const transitions = definition.transitions.map((t) => t.key);
    const missing = [
      ...states.filter((s) => !walked.states.has(s)).map((s) => `state ${s}`),
      ...transitions.filter((t) => !walked.transitions.has(t)).map((t) => `transition ${t}`),
    ];
    console.log(
      `${definition.id}: states ${states.length - missing.filter((m) => m.startsWith('state')).length}/${states.length}, ` +
        `transitions ${transitions.filter((t) => walked.transitions.has(t)).length}/${transitions.length}, ` +
        `${walked.paths} paths walked, ${walked.steps} steps`,
    );
    expect(missing).toEqual([]);
  }

  async function walkAll(paths: ModelPath<S>[], withInput?: boolean) {
    for (const path of paths) {
      try {
        await walk(path);
      } catch (e) {
        (e as Error).message = `${describePath(model, path, withInput)}\n${(e as Error).message}`;
        throw e;
      }
    }
  }

  return { model, walk, walkAll, describe: (p, withInput) => describePath(model, p, withInput), expectAllWalked, walked };
}
