/**
 * Resuming a flow from server data: a flow a person can leave half-done (a project request
 * processed over several days, pad groups edited step by step) keeps nothing in the browser;
 * reopening it reads the server's record and lands on the first step that record says is not
 * done. The steps are listed once, in order, each with what "done" means for the record; the
 * machine's `resuming` state turns that list into eventless transitions with one named guard, so
 * the path report shows each resume target as a transition of its own. See machines/PATTERNS.md.
 */

/** One step of a flow: the state that does it, and whether the server's record says it is done. */
export type FlowStep<TData, TId extends string = string> = {
  readonly id: TId;
  readonly done: (data: TData) => boolean;
};

/**
 * Lists the steps of a flow, in the order a person does them, with their ids kept as literal
 * types (so a typo in a state name fails the type check): `flowSteps<Request>()([...])`.
 */
export const flowSteps =
  <TData>() =>
  <const TId extends string>(steps: readonly FlowStep<TData, TId>[]) =>
    steps;

/** The first step the record says is not done, or `null` when every step is. */
export function firstUnfinished<TData, TId extends string>(steps: readonly FlowStep<TData, TId>[], data: TData): TId | null {
  return steps.find((step) => !step.done(data))?.id ?? null;
}

/**
 * The guard a machine names `resumesAt` in `setup({ guards })`: true for the step to resume at.
 * `dataOf` picks the server's record out of the context (loaded by the state before `resuming`).
 */
export function resumeGuard<TContext, TData, TId extends string>(
  steps: readonly FlowStep<TData, TId>[],
  dataOf: (context: TContext) => TData,
) {
  return ({ context }: { context: TContext }, params: { step: TId }) => firstUnfinished(steps, dataOf(context)) === params.step;
}

/**
 * The `always` of a `resuming` state: to the first unfinished step, or to `complete` when all are
 * done (reopening a finished flow shows it finished). Needs the `resumesAt` guard above.
 */
export function resumeAt<TId extends string, TComplete extends string>(steps: readonly { readonly id: TId }[], complete: TComplete) {
  return [
    ...steps.map((step) => ({ guard: { type: 'resumesAt' as const, params: { step: step.id } }, target: step.id })),
    { target: complete },
  ];
}
