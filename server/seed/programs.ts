import type { ReportResult } from '../../contract/devices';
import type { Random } from './random';

/**
 * Test programs and a simulation of boards going through them, shared by the demo seed and the
 * bulk seeder. The output is what a jig would have posted: one report per test run, with each
 * step's measured value, unit and limits.
 */
export type StepDef = {
  name: string;
  /** null for steps that only pass or fail (programming, a bus scan). */
  unit: string | null;
  low: number | null;
  high: number | null;
  mean: number;
  sd: number;
  decimals: number;
  /** A value that fails this step (outside the limits); absent for check-only steps. */
  failing?: (rng: Random) => number;
  /** How often this step is the one that fails, relative to the program's other steps. */
  failWeight: number;
};

export type TestProgram = {
  profile: string;
  /** Versions in use, oldest first, each from a point in time (ms) on. */
  versions: { version: string; from: number }[];
  steps: StepDef[];
  /** Seconds a run takes: a passing run, and the spread around it. */
  cycleSeconds: number;
};

const measured = (
  name: string,
  unit: string,
  low: number,
  high: number,
  mean: number,
  sd: number,
  decimals: number,
  failWeight: number,
  failing: (rng: Random) => number,
): StepDef => ({ name, unit, low, high, mean, sd, decimals, failWeight, failing });

const check = (name: string, failWeight: number): StepDef => ({
  name,
  unit: null,
  low: null,
  high: null,
  mean: 0,
  sd: 0,
  decimals: 0,
  failWeight,
});

/** A failing CAN loopback: the bus is dead (0 frames back) or drops some. */
const canFailure = (rng: Random) => (rng.chance(0.55) ? 0 : rng.int(41, 99));

/** Steps of the motor controller's end-of-line test. */
export function motorControllerSteps(): StepDef[] {
  return [
    check('Flash firmware', 4),
    measured('3V3 rail', 'V', 3.2, 3.4, 3.301, 0.018, 3, 17, (r) => (r.chance(0.85) ? r.normal(3.02, 0.07) : r.normal(3.47, 0.03))),
    measured('5V rail', 'V', 4.85, 5.15, 5.012, 0.028, 3, 5, (r) => r.normal(4.7, 0.08)),
    measured('12V gate drive', 'V', 11.4, 12.6, 12.02, 0.11, 2, 2, (r) => r.normal(10.9, 0.3)),
    measured('VBUS current', 'A', 0.08, 0.15, 0.112, 0.0085, 3, 34, (r) => (r.chance(0.8) ? 0.16 + Math.abs(r.normal(0, 0.18)) : r.normal(0.06, 0.008))),
    measured('CAN loopback', 'frames', 100, 100, 100, 0, 0, 24, canFailure),
    measured('Phase current offset', 'mV', -15, 15, 0.4, 3.6, 1, 8, (r) => (r.chance(0.5) ? 1 : -1) * (16 + Math.abs(r.normal(0, 6)))),
    check('Hall sensor inputs', 3),
    measured('NTC temperature', '°C', 15, 40, 24.5, 1.9, 1, 2, (r) => (r.chance(0.7) ? r.normal(62, 9) : -40)),
    measured('Encoder counts', 'pulses', 1022, 1026, 1024, 0.6, 0, 1, (r) => r.int(900, 1019)),
  ];
}

/** Steps of the sensor hub's functional test. */
export function sensorHubSteps(): StepDef[] {
  return [
    check('Flash firmware', 1),
    measured('3V3 rail', 'V', 3.2, 3.4, 3.297, 0.016, 3, 20, (r) => r.normal(3.05, 0.06)),
    measured('1V8 rail', 'V', 1.75, 1.85, 1.801, 0.008, 3, 3, (r) => r.normal(1.71, 0.02)),
    measured('VBUS current', 'mA', 18, 32, 24.2, 1.7, 1, 22, (r) => 33 + Math.abs(r.normal(0, 25))),
    measured('Sleep current', 'µA', 0, 45, 21.5, 4.2, 1, 12, (r) => 50 + Math.abs(r.normal(0, 120))),
    check('I2C bus scan', 2),
    check('IMU self-test', 6),
    measured('Pressure sensor', 'hPa', 950, 1080, 1012.8, 5.5, 1, 3, (r) => (r.chance(0.6) ? 0 : r.normal(1190, 20))),
    measured('CAN loopback', 'frames', 100, 100, 100, 0, 0, 30, canFailure),
    measured('RTC crystal', 'Hz', 32765, 32771, 32768.1, 0.7, 1, 4, (r) => r.normal(32759, 2)),
  ];
}

export type SimulatedReport = {
  result: ReportResult;
  startedAt: number;
  finishedAt: number;
  profile: string;
  version: string;
  /** The steps as stored: a JSON array of contract ReportStep. */
  steps: string;
  stepCount: number;
  failedStepCount: number;
};

export type BoardOptions = {
  /** Chance that the first run fails (before retests). */
  firstFail: number;
  /** Chance that a run ends in `error` (the jig aborted: fixture contact, a crash). */
  error: number;
  /** Multiplies steps' fail weights: a batch's own failure mix. */
  failMix?: Record<string, number>;
  /** Chance that a failed board comes back for a retest (after rework). */
  retest: number;
  /** Chance that a retest passes. */
  retestPass: number;
  /** Extra passing re-runs per board (audits), on average: tunes reports per device. */
  reruns?: number;
  /** Nothing happens after this time (ms): later retests simply have not happened yet. */
  now: number;
};

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Serialises steps as the jig would send them; names are plain (JSON-escaped once per program). */
function renderSteps(
  rng: Random,
  program: TestProgram,
  failing: Set<StepDef>,
  stepsRun: number,
): { json: string; failed: number } {
  let json = '[';
  let failed = 0;
  for (let i = 0; i < stepsRun; i++) {
    const step = program.steps[i];
    const fails = failing.has(step);
    if (fails) failed++;
    let value: number | null = null;
    if (step.unit !== null) {
      if (fails && step.failing) {
        value = round(step.failing(rng), step.decimals);
        // A failing draw that happens to land inside the limits is nudged just outside.
        if (value >= step.low! && value <= step.high!) value = round(step.high! + (step.high! - step.low! || 1) * 0.1, step.decimals);
      } else {
        value = round(rng.normal(step.mean, step.sd), step.decimals);
        if (value < step.low!) value = step.low!;
        if (value > step.high!) value = step.high!;
      }
    }
    if (i > 0) json += ',';
    json +=
      `{"name":${JSON.stringify(step.name)},"value":${value},"unit":${step.unit === null ? 'null' : JSON.stringify(step.unit)},` +
      `"low":${step.low},"high":${step.high},"pass":${!fails}}`;
  }
  return { json: json + ']', failed };
}

function versionAt(program: TestProgram, at: number): string {
  let version = program.versions[0].version;
  for (const v of program.versions) if (v.from <= at) version = v.version;
  return version;
}

function failingSteps(rng: Random, program: TestProgram, mix: Record<string, number> | undefined, previous?: Set<StepDef>) {
  // A board that failed before usually fails the same way again (the rework did not fix it).
  if (previous && previous.size && rng.chance(0.7)) return previous;
  const items = program.steps.map((step) => ({ weight: step.failWeight * (mix?.[step.name] ?? 1), value: step }));
  const first = rng.weighted(items);
  const set = new Set([first]);
  if (rng.chance(0.12)) set.add(rng.weighted(items)); // sometimes a second step fails too
  return set;
}

/** One run of one board, starting at `startedAt`. */
function runOnce(
  rng: Random,
  program: TestProgram,
  result: ReportResult,
  startedAt: number,
  mix: Record<string, number> | undefined,
  previousFailures?: Set<StepDef>,
  forced?: Set<StepDef>,
): { report: SimulatedReport; failures: Set<StepDef> } {
  let failures = forced ?? new Set<StepDef>();
  let stepsRun = program.steps.length;
  let seconds = program.cycleSeconds * (0.85 + rng.next() * 0.3);
  if (result === 'fail' && !forced) failures = failingSteps(rng, program, mix, previousFailures);
  if (result === 'error') {
    stepsRun = rng.int(1, program.steps.length - 1); // aborted part-way; what ran passed
    seconds *= stepsRun / program.steps.length;
  }
  const { json, failed } = renderSteps(rng, program, failures, stepsRun);
  const finishedAt = startedAt + Math.round(seconds * 1000);
  return {
    report: {
      result,
      startedAt,
      finishedAt,
      profile: program.profile,
      version: versionAt(program, startedAt),
      steps: json,
      stepCount: stepsRun,
      failedStepCount: failed,
    },
    failures,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every run one board gets, in time order: its first test at `firstAt`, then retests after an
 * error (minutes later) or after a fail and rework (hours to a day later), while before `now`.
 */
export function simulateBoard(rng: Random, program: TestProgram, firstAt: number, options: BoardOptions): SimulatedReport[] {
  const reports: SimulatedReport[] = [];
  let at = firstAt;
  let result: ReportResult = rng.chance(options.error) ? 'error' : rng.chance(options.firstFail) ? 'fail' : 'pass';
  let previous: Set<StepDef> | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const { report, failures } = runOnce(rng, program, result, at, options.failMix, previous);
    reports.push(report);
    previous = failures;
    if (result === 'pass') break;
    if (result === 'error') {
      if (!rng.chance(0.95)) break;
      at = report.finishedAt + rng.int(2 * MINUTE, 15 * MINUTE);
      result = rng.chance(options.error) ? 'error' : rng.chance(options.firstFail) ? 'fail' : 'pass';
    } else {
      if (!rng.chance(options.retest)) break;
      at = report.finishedAt + rng.int(20 * MINUTE, 30 * HOUR);
      result = rng.chance(options.retestPass) ? 'pass' : 'fail';
    }
    if (at > options.now - 2 * MINUTE) break; // not retested yet
  }
  let reruns = options.reruns ?? 0;
  while (reruns > 0 && rng.chance(Math.min(1, reruns))) {
    const last = reports[reports.length - 1];
    const at2 = last.finishedAt + rng.int(30 * MINUTE, 48 * HOUR);
    if (at2 > options.now - 2 * MINUTE) break;
    reports.push(runOnce(rng, program, 'pass', at2, options.failMix).report);
    reruns -= 1;
  }
  return reports;
}

/**
 * A run failed by the fixture, not the board: one of `stepNames` (the steps measuring pads a worn
 * cartridge touches) reads out of its limits, the rest pass.
 */
export function contactFailRun(rng: Random, program: TestProgram, startedAt: number, stepNames: readonly string[]): SimulatedReport {
  const candidates = program.steps.filter((s) => stepNames.includes(s.name));
  return runOnce(rng, program, 'fail', startedAt, undefined, undefined, new Set([rng.pick(candidates)])).report;
}
