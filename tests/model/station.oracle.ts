/**
 * What the station must do, from its SPEC ("scan: the board's history shows, and a board that may
 * not be tested is stopped with the reason; the station hears the jig's report for the scanned
 * serial and shows a big PASS that clears itself after a few seconds or on the next scan, or a
 * FAIL that the operator must acknowledge: Retest if the policy allows (attempts used below the
 * limit, the run just counted), else Send to repair with a reason; a report of this jig for a serial
 * that was not scanned still shows; when the live stream drops, scans wait until it is back"),
 * written without reading station.machine.ts: where each step leads, what the station then knows
 * and which calls it made are worked out here again.
 */
import { expect } from 'vitest';
import type { StationReport } from '../../contract/station';
import type { Effects, ModelEvent, Oracle } from './harness';
import type { StationSnapshot } from './station.model';

type Ctx = StationSnapshot['context'];
type Expected = { at: string; ctx: Ctx; calls: Partial<Effects> };

const NONE: Effects = { checkScan: [], acknowledge: [], liveStream: [], passHold: [] };

/** Where the snapshot is, as 'choosingJig' or 'atJig.<step>'. */
const where = (s: StationSnapshot) => (typeof s.value === 'string' ? s.value : `atJig.${(s.value as { atJig: string }).atJig}`);

/** Nothing known of a board: what the station holds before a scan and after a board is done. */
const noBoard = {
  serial: null,
  scanId: null,
  board: null,
  stop: null,
  report: null,
  ack: null,
  repairReason: null,
  scanError: null,
  ackError: null,
} satisfies Partial<Ctx>;

const clean = (serial: string) => serial.trim();

/** Starts checking a scan: the last board is forgotten, the scan call goes out. */
const checkScan = (c: Ctx, serial: string): Expected => ({
  at: 'atJig.checking',
  ctx: { ...c, ...noBoard, serial, pendingSerial: null },
  calls: { checkScan: [{ jig_id: c.jigId, serial }] },
});

const stay = (c: Ctx, at: string): Expected => ({ at, ctx: c, calls: {} });

/** The scanned board's report: shown, and one more attempt used (a run counts pass or fail). */
function run(c: Ctx, r: StationReport): Expected {
  const board = { ...c.board!, attempts_used: c.board!.attempts_used + 1, last_result: r.result };
  const ctx = { ...c, board, report: r };
  return r.result === 'pass' ? { at: 'atJig.pass', ctx, calls: { passHold: [undefined] } } : { at: 'atJig.fail', ctx, calls: {} };
}

/** Back after a drop or a report of another board: to what is still open, most urgent first. */
function resume(c: Ctx): Expected {
  if (c.report?.result === 'fail') return stay(c, 'atJig.fail');
  if (c.pendingSerial) return checkScan(c, c.pendingSerial);
  if (c.board && !c.report && !c.repairReason) return stay(c, 'atJig.waiting');
  if (c.repairReason) return stay(c, 'atJig.repairHandOff');
  return stay({ ...c, ...noBoard }, 'atJig.ready');
}

function expected(c: Ctx, at: string, e: ModelEvent): Expected {
  const r = e.type === 'live.report' ? (e.report as StationReport) : null;
  const thisJig = r !== null && r.jig_id === c.jigId;
  const ours = thisJig && r.serial === c.serial;
  const toOther = (ctx: Ctx): Expected => ({ at: 'atJig.otherBoard', ctx: { ...ctx, otherReport: r }, calls: {} });

  if (at === 'choosingJig') {
    if (e.type === 'jig.choose') return { at: 'atJig.ready', ctx: { ...c, jigId: e.jigId }, calls: { liveStream: [{ jigId: e.jigId }] } };
    return stay(c, at);
  }

  // At the jig, whatever the step.
  if (e.type === 'jig.change') return stay({ ...c, ...noBoard, jigId: null, otherReport: null, pendingSerial: null }, 'choosingJig');
  if (e.type === 'live.down' || e.type === 'xstate.error.actor.liveStream') {
    // A scan being checked is checked again once the stream is back.
    if (at === 'atJig.checking') return stay({ ...c, serial: null, pendingSerial: c.serial }, 'atJig.offline');
    return stay(c, 'atJig.offline');
  }

  switch (at) {
    case 'atJig.ready':
      if (e.type === 'scan') return checkScan(c, clean(e.serial));
      if (thisJig) return toOther(c);
      break;
    case 'atJig.checking':
      if (e.type === 'xstate.done.actor.checkScan') {
        const answer = e.output;
        if (answer.outcome === 'stop') return stay({ ...c, stop: { code: answer.code, words: answer.words } }, 'atJig.stopped');
        // The jig reported before the scan: that run is the result, and the server counted it already.
        if (answer.report) {
          const ctx = { ...c, board: answer.board, serial: answer.board.serial, scanId: answer.scan_id, report: answer.report };
          return answer.report.result === 'pass' ? { at: 'atJig.pass', ctx, calls: { passHold: [undefined] } } : stay(ctx, 'atJig.fail');
        }
        // The station follows the board by its serial as stored, which the jig's reports carry.
        return stay({ ...c, board: answer.board, serial: answer.board.serial, scanId: answer.scan_id }, 'atJig.waiting');
      }
      if (e.type === 'xstate.error.actor.checkScan') return stay({ ...c, serial: null, scanError: e.error }, 'atJig.ready');
      break;
    case 'atJig.stopped':
    case 'atJig.repairHandOff':
      if (e.type === 'next') return stay({ ...c, ...noBoard }, 'atJig.ready');
      if (e.type === 'scan') return checkScan(c, clean(e.serial));
      break;
    case 'atJig.waiting':
      if (ours) return run(c, r);
      if (thisJig) return toOther(c);
      break;
    case 'atJig.pass':
      if (e.type === 'xstate.done.actor.passHold') return stay({ ...c, ...noBoard }, 'atJig.ready');
      if (e.type === 'scan') return checkScan(c, clean(e.serial));
      // The PASS has been seen; the other board's report replaces it.
      if (thisJig) return toOther({ ...c, ...noBoard });
      break;
    case 'atJig.fail': {
      // No limit (null) means the policy never sends the board to repair on its count.
      const limit = c.board!.attempt_limit;
      const attemptsLeft = limit === null || c.board!.attempts_used < limit;
      if (e.type === 'retest' && attemptsLeft) {
        const ack = { choice: 'retest' };
        return { at: 'atJig.acknowledging', ctx: { ...c, ack, ackError: null } as Ctx, calls: { acknowledge: [{ jig_id: c.jigId, scan_id: c.scanId, acknowledgement: ack }] } };
      }
      if (e.type === 'repair.send') {
        const ack = { choice: 'repair', reason: e.reason };
        return { at: 'atJig.acknowledging', ctx: { ...c, ack, ackError: null } as Ctx, calls: { acknowledge: [{ jig_id: c.jigId, scan_id: c.scanId, acknowledgement: ack }] } };
      }
      break;
    }
    case 'atJig.acknowledging':
      if (e.type === 'xstate.done.actor.acknowledge') {
        // Retest: the board is scanned again, for the run that follows.
        if (c.ack!.choice === 'retest') return checkScan(c, c.serial!);
        return stay({ ...c, ack: null, report: null, repairReason: c.ack!.reason }, 'atJig.repairHandOff');
      }
      if (e.type === 'xstate.error.actor.acknowledge') return stay({ ...c, ack: null, ackError: e.error }, 'atJig.fail');
      break;
    case 'atJig.otherBoard':
      if (e.type === 'dismiss') return resume({ ...c, otherReport: null });
      if (e.type === 'scan') return checkScan({ ...c, otherReport: null }, clean(e.serial));
      if (ours && c.board && !c.report) return run({ ...c, otherReport: null }, r);
      if (thisJig) return stay({ ...c, otherReport: r }, at);
      break;
    case 'atJig.offline':
    case 'atJig.reconnecting':
      // A fail is acknowledged before the next board is scanned.
      if (e.type === 'scan' && c.report?.result !== 'fail') return stay({ ...c, pendingSerial: clean(e.serial) }, at);
      if (e.type === 'live.up') return resume(c);
      if (e.type === 'live.reconnecting') return stay(c, 'atJig.reconnecting');
      break;
  }
  // A report of this jig that the step does not show is kept for the screen to show beside,
  // until the operator puts it away.
  if (thisJig) return stay({ ...c, otherReport: r }, at);
  if (e.type === 'dismiss') return stay({ ...c, otherReport: null }, at);
  return stay(c, at);
}

export const stationOracle: Oracle<StationSnapshot> = {
  start: (s, effects, input) => {
    const { jigId } = input as { jigId: number | null };
    expect(where(s), 'state').toBe(jigId === null ? 'choosingJig' : 'atJig.ready');
    expect(s.context, 'context').toEqual({ jigId, ...noBoard, otherReport: null, pendingSerial: null });
    expect(effects, 'calls').toEqual(jigId === null ? NONE : { ...NONE, liveStream: [{ jigId }] });
  },
  step: (prev, event, next, effects) => {
    const want = expected(prev.context, where(prev), event);
    expect(where(next), 'state').toBe(want.at);
    expect(next.context, 'context').toEqual(want.ctx);
    expect(effects, 'calls').toEqual({ ...NONE, ...want.calls });
  },
};
