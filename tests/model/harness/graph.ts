/**
 * Paths through a machine from `xstate/graph`: the graph is explored from each of the model's
 * inputs with the model's events; invokes are crossed through the synthetic
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events the model offers (the graph never
 * runs an actor), so each path is also the script of which call answers what, and when.
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  getAdjacencyMap,
  getPathsFromEvents,
  getShortestPaths,
  getSimplePaths,
  type AdjacencyMap,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
import type { EdgePath, Model, ModelEvent, ModelPath } from './types';

export const isAnswer = (event: ModelEvent) => /^xstate\.(done|error)\.actor\./.test(event.type);

const defaultFilter = (snapshot: AnyMachineSnapshot, event: ModelEvent) => !isAnswer(event) || snapshot.can(event);

export function traversalOptions<S extends AnyMachineSnapshot>(
  model: Model<S>,
  input: unknown,
  events: (snapshot: S) => ModelEvent[] = model.events,
): TraversalOptions<S, ModelEvent, unknown> {
  return {
    input,
    events,
    serializeState: model.serializeState,
    serializeEvent: (event) => model.describeEvent(event) as never,
    filterEvents: (model.filterEvents ?? defaultFilter) as (s: S, e: ModelEvent) => boolean,
  };
}

// The machines' event types do not list the synthetic done/error events: widen once, here.
type Logic = Parameters<typeof getShortestPaths>[0];
const logicOf = (model: Model<never>) => model.machine as unknown as Logic;

const inputsOf = (model: Model<never>, only?: string) =>
  Object.entries(model.inputs).filter(([name]) => only === undefined || name === only);

/** The shortest path to every state of the graph, from each input. */
export function shortestPaths<S extends AnyMachineSnapshot>(model: Model<S>): ModelPath<S>[] {
  return inputsOf(model as Model<never>).flatMap(([inputName, input]) =>
    (getShortestPaths(logicOf(model as Model<never>), traversalOptions(model, input) as never) as StatePath<S, ModelEvent>[]).map(
      (p) => ({ ...p, inputName, input }),
    ),
  );
}

/**
 * One path per edge of the graph, from each input: the shortest way to its source state, then
 * its event. Together they take every transition the model can reach. A start with no edge at
 * all (a dead end from the first snapshot) is a path of its own.
 */
export function edgePaths<S extends AnyMachineSnapshot>(model: Model<S>): EdgePath<S>[] {
  return inputsOf(model as Model<never>).flatMap(([inputName, input]) => {
    const options = traversalOptions(model, input) as never;
    const logic = logicOf(model as Model<never>);
    const heads = new Map(
      (getShortestPaths(logic, options) as StatePath<S, ModelEvent>[]).map((p) => [model.serializeState(p.state), p]),
    );
    const adjacency = getAdjacencyMap(logic, options) as AdjacencyMap<S, ModelEvent>;
    const paths: EdgePath<S>[] = [];
    for (const [sourceKey, { state: source, transitions }] of Object.entries(adjacency)) {
      const head = heads.get(sourceKey);
      if (!head) throw new Error(`${model.machine.id}: no shortest path to ${sourceKey}`);
      const edges = Object.entries(transitions) as [string, { event: ModelEvent; state: S }][];
      if (!edges.length && head.steps.length === 1) {
        paths.push({ ...head, inputName, input, source, edge: `${sourceKey} (start)` });
      }
      for (const [eventKey, t] of edges) {
        paths.push({
          inputName,
          input,
          source,
          state: t.state,
          weight: head.weight + 1,
          steps: [...head.steps, { event: t.event, state: t.state }],
          edge: `${sourceKey} -- ${eventKey}`,
        });
      }
    }
    return paths;
  });
}

/**
 * The fewest paths that still take every kind of step: per (state value, event type, next
 * state value), the shortest edge path. For screens, where each path renders the whole page.
 */
export function fewestPaths<S extends AnyMachineSnapshot>(paths: EdgePath<S>[]): EdgePath<S>[] {
  const best = new Map<string, EdgePath<S>>();
  for (const path of paths) {
    const [from, step] = path.steps.slice(-2);
    const key = step
      ? `${path.inputName} ${JSON.stringify(from.state.value)} -- ${step.event.type} --> ${JSON.stringify(step.state.value)}`
      : `${path.inputName} (start)`;
    const known = best.get(key);
    if (!known || path.steps.length < known.steps.length) best.set(key, path);
  }
  return [...best.values()].sort((a, b) => a.steps.length - b.steps.length);
}

/** Every simple path (no graph state twice) from each input, over the events `events` offers. */
export function simplePaths<S extends AnyMachineSnapshot>(model: Model<S>, events: (snapshot: S) => ModelEvent[]): ModelPath<S>[] {
  return inputsOf(model as Model<never>).flatMap(([inputName, input]) =>
    (getSimplePaths(logicOf(model as Model<never>), traversalOptions(model, input, events) as never) as StatePath<S, ModelEvent>[]).map(
      (p) => ({ ...p, inputName, input }),
    ),
  );
}

/** The path a given list of events takes from an input; throws if the machine does not take them all. */
export function pathOfEvents<S extends AnyMachineSnapshot>(model: Model<S>, inputName: string, events: ModelEvent[]): ModelPath<S> {
  const input = model.inputs[inputName];
  const start = shortestPaths({ ...model, inputs: { [inputName]: input } })[0].steps[0].state;
  // getPathsFromEvents ignores `input`: start it from the machine's first snapshot instead.
  const options = { ...traversalOptions(model, input), events, fromState: start };
  const fail = () =>
    new Error(`${model.machine.id}: the machine does not take these events in this order: ${events.map(model.describeEvent).join(' → ')}`);
  let paths: StatePath<S, ModelEvent>[];
  try {
    paths = getPathsFromEvents(logicOf(model as Model<never>), events as never, options as never) as StatePath<S, ModelEvent>[];
  } catch {
    // xstate/graph stops with a TypeError on an event the machine does not take.
    throw fail();
  }
  const longest = paths.sort((a, b) => b.steps.length - a.steps.length)[0];
  if (!longest || longest.steps.length !== events.length + 1) throw fail();
  return { ...longest, inputName, input };
}

export const describePath = (model: Model<never> | Model<AnyMachineSnapshot>, path: ModelPath<AnyMachineSnapshot>, withInput = false) =>
  `${withInput ? `[${path.inputName}] ` : ''}${
    path.steps
      .slice(1)
      .map((s) => model.describeEvent(s.event))
      .join(' → ') || '(start)'
  }`;

/**
 * Paths made while vitest collects the tests: if exploring the machine throws (a broken
 * transition can), the error fails the suite's first test by name instead of the whole file
 * failing to load with no test named.
 */
export function pathsOrError<T>(make: () => T[]): { paths: T[]; error: unknown } {
  try {
    return { paths: make(), error: null };
  } catch (error) {
    return { paths: [], error };
  }
}

/**
 * Edge paths grouped by the state they leave (`keyOf`, e.g. the state value with the input's
 * name), in tests of at most `size` edges each: a test per chunk keeps a failure's report short
 * and each test well inside its timeout.
 */
export function edgeChunks<S extends AnyMachineSnapshot>(
  paths: EdgePath<S>[],
  keyOf: (path: EdgePath<S>) => string,
  size = 400,
): { title: string; paths: EdgePath<S>[] }[] {
  const bySource = new Map<string, EdgePath<S>[]>();
  for (const p of paths) bySource.set(keyOf(p), [...(bySource.get(keyOf(p)) ?? []), p]);
  return [...bySource].flatMap(([key, all]) =>
    Array.from({ length: Math.ceil(all.length / size) }, (_, i) => ({
      title: `from ${key}, edges ${i * size + 1}-${Math.min(all.length, (i + 1) * size)} of ${all.length}`,
      paths: all.slice(i * size, (i + 1) * size),
    })),
  );
}
