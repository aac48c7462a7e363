/**
 * The test model of the station machine (the operator's run at a jig), on the bare actor: jig 4,
 * two boards (SN-1 may be tested, two attempts; SN-3 is in repair), what the operator and the
 * scanner do, what the jig's live stream says (reports of this jig for the scanned board and for
 * another one, a report of another jig, drops and reconnects) and what the server answers.
 * `station.oracle.ts` says what each step must do.
 */
import type { SnapshotFrom } from 'xstate';
import type { BoardSummary, ScanAnswer, StationReport } from '../../contract/station';
import { stationMachine } from '../../machines/station.machine';
import type { Model, ModelEvent, ModelPath } from './harness';

export type StationSnapshot = SnapshotFrom<typeof stationMachine>;
export type StationPath = ModelPath<StationSnapshot>;

export const JIG = 4;
export const OTHER_JIG = 5;
export const GO_SERIAL = 'SN-1';
export const STOP_SERIAL = 'SN-3';
export const SCAN_ID = 70;

export const BOARD: BoardSummary = { serial: GO_SERIAL, attempts_used: 0, attempt_limit: 2, last_result: null, in_repair: false, repairs: 1 };
export const IN_REPAIR = { code: 'in_repair', words: 'SN-3 is in repair since 7 December.' } as const;

/**
 * The jig reported SN-1 just before its scan: the answer brings that run, already counted. The
 * jig sent the serial with a trailing space, and the answers carry it as stored.
 */
export const EARLY_REPORT_ID = { pass: 5, fail: 6 } as const;
export const STORED_SERIAL = `${GO_SERIAL} `;
export const answerWithReport = (result: 'pass' | 'fail'): ScanAnswer => ({
  outcome: 'go',
  scan_id: SCAN_ID,
  board: { ...BOARD, serial: STORED_SERIAL, attempts_used: 1, last_result: result },
  report: report(EARLY_REPORT_ID[result], JIG, STORED_SERIAL, result),
});

/** The server's answer to a scan, by serial. */
export const answerFor = (serial: string): ScanAnswer =>
  serial === GO_SERIAL ? { outcome: 'go', scan_id: SCAN_ID, board: BOARD } : { outcome: 'stop', ...IN_REPAIR };

const STEP = { name: 'VCC 3V3', measured: 3.61, low: 3.2, high: 3.4, unit: 'V' };
export const report = (report_id: number, jig_id: number, serial: string, result: 'pass' | 'fail'): StationReport => ({
  report_id,
  jig_id,
  serial,
  result,
  failing_steps: result === 'fail' ? [STEP] : [],
});

export const NETWORK_DOWN = new Error('Network Error');
export const STREAM_CRASHED = new Error('stream closed for good');

const done = (id: string, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });
const live = (r: StationReport): ModelEvent => ({ type: 'live.report', report: r });

/** What can happen in any snapshot: every button, the scanner, the stream. Events a state does not take are edges too. */
export function userEvents(s: StationSnapshot): ModelEvent[] {
  const serial = s.context.serial;
  return [
    { type: 'jig.choose', jigId: JIG },
    { type: 'jig.change' },
    { type: 'scan', serial: GO_SERIAL },
    { type: 'scan', serial: ` ${STOP_SERIAL} ` },
    { type: 'next' },
    { type: 'dismiss' },
    { type: 'retest' },
    { type: 'repair.send', reason: 'VCC high' },
    // The scanned board's run (ids 1, 2), another board at this jig (3), this board at another jig (4).
    ...(serial ? [live(report(1, JIG, serial, 'pass')), live(report(2, JIG, serial, 'fail'))] : []),
    live(report(3, JIG, 'SN-9', 'fail')),
    live(report(4, OTHER_JIG, GO_SERIAL, 'pass')),
    { type: 'live.down' },
    { type: 'live.reconnecting' },
    { type: 'live.up' },
  ];
}

export function callEvents(s: StationSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [];
  if (s.matches({ atJig: 'checking' })) {
    events.push(done('checkScan', answerFor(s.context.serial!)), error('checkScan', NETWORK_DOWN));
    if (s.context.serial === GO_SERIAL) events.push(done('checkScan', answerWithReport('pass')), done('checkScan', answerWithReport('fail')));
  }
  if (s.matches({ atJig: 'acknowledging' })) events.push(done('acknowledge', {}), error('acknowledge', NETWORK_DOWN));
  if (s.matches({ atJig: 'pass' })) events.push(done('passHold', undefined));
  // Offline already, a crash changes nothing the actor could show (the harness waits for a change).
  if (s.matches('atJig') && !s.matches({ atJig: 'offline' })) events.push(error('liveStream', STREAM_CRASHED));
  return events;
}

export function serializeState(s: StationSnapshot): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    jig: c.jigId,
    serial: c.serial,
    scanId: c.scanId,
    attempts: c.board?.attempts_used ?? null,
    stop: c.stop?.code ?? null,
    report: c.report?.report_id ?? null,
    other: c.otherReport?.report_id ?? null,
    pending: c.pendingSerial,
    ack: c.ack?.choice ?? null,
    repair: c.repairReason,
    scanError: !!c.scanError,
    ackError: !!c.ackError,
  });
}

export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message})`;
  if (m?.[2] === 'checkScan') {
    const answer = event.output as ScanAnswer;
    if (answer.outcome === 'stop') return `checkScan ok (stop)`;
    // Each answer its own name: the graph tells events apart by it.
    const before = answer.report ? `, ${answer.report.result} reported before` : '';
    return `checkScan ok (go, scan ${answer.scan_id}, ${answer.board.attempts_used} used${before})`;
  }
  if (m) return `${m[2]} ok`;
  switch (event.type) {
    case 'jig.choose':
      return `jig.choose ${event.jigId}`;
    case 'scan':
      return `scan '${event.serial}'`;
    case 'repair.send':
      return `repair.send ${event.reason}`;
    case 'live.report': {
      const r = event.report as StationReport;
      return `live.report ${r.report_id} (jig ${r.jig_id}, ${r.serial}, ${r.result})`;
    }
    default:
      return event.type;
  }
}

export const stationModel: Model<StationSnapshot> = {
  machine: stationMachine,
  inputs: { 'jig 4 remembered': { jigId: JIG }, 'no jig chosen yet': { jigId: null } },
  events: (s) => [...userEvents(s), ...callEvents(s)],
  serializeState,
  describeEvent,
  effects: [],
};
