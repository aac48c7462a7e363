import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { StatePath } from 'xstate/graph';

/** A user event, or a call's answer: `xstate.done.actor.<invoke id>` / `xstate.error.actor.<invoke id>`. */
export type ModelEvent = AnyEventObject;

/** A path through the machine from one of the model's inputs. */
export type ModelPath<S extends AnyMachineSnapshot = AnyMachineSnapshot> = StatePath<S, ModelEvent> & {
  inputName: string;
  input: unknown;
};

/** A path that ends with one edge of the graph: `edge` names it (source state -- event). */
export type EdgePath<S extends AnyMachineSnapshot = AnyMachineSnapshot> = ModelPath<S> & { edge: string; source: S };

/**
 * What a machine's model explores: where it starts, which events it offers in a snapshot, and
 * what of a snapshot makes it a different state of the graph. Written per machine, beside its tests.
 */
export type Model<S extends AnyMachineSnapshot = AnyMachineSnapshot> = {
  /** The machine as `machines/` exports it; the walk provides its calls and effect actions. */
  machine: AnyStateMachine;
  /** Every start the model explores, by name (e.g. who opens the link). */
  inputs: Record<string, unknown>;
  /** User events and call answers offered in a snapshot. */
  events: (snapshot: S) => ModelEvent[];
  /**
   * Which offered events are edges. Default: a call's answer only while the call runs; user
   * events always (so the paths also prove an event a state does not take changes nothing).
   */
  filterEvents?: (snapshot: S, event: ModelEvent) => boolean;
  /** Equal strings are one state of the graph: keep what the screen shows, drop what grows. */
  serializeState: (snapshot: S) => string;
  /** A short unique name: the graph's event key and the words of the test titles. */
  describeEvent: (event: ModelEvent) => string;
  /** The actions `src/` provides (storage, URL, telling the root): recorded as effects, not run. */
  effects: readonly string[];
};

/**
 * What a step caused: for each call (actor src) the inputs it was called with, for each effect
 * action the params it ran with (`null` without params). Every key is present, empty if unused.
 */
export type Effects = Record<string, unknown[]>;

/**
 * The independent expectation of a machine: written from the SPEC, not from the machine's code,
 * so a transition that goes elsewhere fails here even though the graph (made from the same
 * machine) agrees with the actor.
 */
export type Oracle<S extends AnyMachineSnapshot = AnyMachineSnapshot> = {
  /** The first snapshot for this input and what starting did. */
  start: (snapshot: S, effects: Effects, input: unknown) => void;
  /** `prev --event--> next` with the effects the step caused. */
  step: (prev: S, event: ModelEvent, next: S, effects: Effects) => void;
};

/** Where a walk happens: by default the bare actor; a screen renders it and drives it by clicks. */
export type Stage<S extends AnyMachineSnapshot = AnyMachineSnapshot> = {
  mount?: (actor: AnyActorRef) => void | Promise<void>;
  /** Does what a person does for a user event. Default: `actor.send(event)`. */
  perform?: (event: ModelEvent, actor: AnyActorRef) => void | Promise<void>;
  /** What must be shown in this snapshot; after the start and after every step. */
  show?: (snapshot: S) => void | Promise<void>;
  /** Wraps answering a call (React's `act`). */
  act?: (fn: () => Promise<void>) => Promise<void>;
  unmount?: () => void;
};

export type WalkResult<S extends AnyMachineSnapshot = AnyMachineSnapshot> = {
  final: S;
  /** Effects of the whole path. */
  effects: Effects;
  /** Effects of its last step. */
  last: Effects;
};
