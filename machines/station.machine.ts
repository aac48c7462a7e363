import { assign, fromCallback, fromPromise, not, raise, setup, type EventObject } from 'xstate';
import type { Acknowledgement, BoardSummary, ScanAnswer, StationReport, StopCode } from '../contract/station';

/*
 * The operator's run at a jig (the station screen). Pure: the scan call, the acknowledgement
 * call, the live stream and the PASS hold are actors the screen provides (and the model tests
 * answer), so it runs and is model-tested alone.
 *
 * States (snapshot.value):
 *   choosingJig            no jig yet (a jig remembered by the browser comes as input and skips it);
 *                          'jig.choose' {jigId}
 *   atJig                  the live stream of the jig runs (`liveStream`, input { jigId }); it sends
 *                          'live.report' {report}, 'live.down', 'live.reconnecting', 'live.up'.
 *                          'jig.change' goes back to choosingJig; 'live.down' (or the stream's
 *                          crash) goes to offline from any state below.
 *     ready                waiting for a scan; 'scan' {serial}. `scanError` says a scan that could
 *                          not be checked (scan again).
 *     checking             the scan (`checkScan`, input { jig_id, serial }) is checked (tag busy); a
 *                          `go` that carries `report` (the jig reported just before the scan) goes
 *                          straight to that result, with the board as answered (its attempts count
 *                          that run already)
 *     stopped              the board may not be tested: `stop` { code, words }; 'next', or 'scan'
 *     waiting              the board may be tested: `board` (its history), waiting for its run
 *     pass                 a PASS of the scanned board; `passHold` runs and clears it to ready
 *                          after a few seconds, or the next 'scan' does
 *     fail                 a FAIL to acknowledge: `report` with its failing steps; 'retest' (only
 *                          while attempts are left: no `board.attempt_limit`, or `attempts_used` below it,
 *                          the run just counted), or 'repair.send' {reason}
 *     acknowledging        `acknowledge` (input { jig_id, scan_id, acknowledgement }) runs (tag busy);
 *                          a retest then scans the board again (checking: a scan leads to one run),
 *                          a repair hands it off; its failure goes back to fail with `ackError`
 *     repairHandOff        the board goes to repair (`repairReason`); 'next', or 'scan'
 *     otherBoard           a report of this jig for a serial that was not scanned (`otherReport`);
 *                          'dismiss' goes back to what was going on, a 'scan' checks a new board,
 *                          the scanned board's report still lands in pass or fail
 *     offline              the live stream dropped; a 'scan' waits (`pendingSerial`, the last one;
 *                          a scan being checked waits too), except while a fail awaits acknowledgement
 *     reconnecting         the stream opens again; a 'scan' still waits
 *     result               transient: the scanned board's report (it used an attempt) to pass or fail
 *     resuming             transient: back from offline or otherBoard to an unacknowledged fail,
 *                          a scan that waited, a board waiting for its run, a repair hand-off, or ready
 *
 * A report of this jig for another serial that comes while no state above shows it (checking, a
 * fail to acknowledge, …) is kept in `otherReport` for the screen to show beside; 'dismiss' puts it away.
 */

export type StationInput = { jigId: number | null };

export type StationContext = {
  jigId: number | null;
  /** The board scanned last (checked, waiting for its run, or shown with its result). */
  serial: string | null;
  scanId: number | null;
  board: BoardSummary | null;
  stop: { code: StopCode; words: string } | null;
  /** The scanned board's last report (a pass or a fail not yet acknowledged). */
  report: StationReport | null;
  otherReport: StationReport | null;
  /** A scan made while the live stream was down. */
  pendingSerial: string | null;
  /** The acknowledgement being sent. */
  ack: Acknowledgement | null;
  /** Why the board went to repair (the hand-off shows it). */
  repairReason: string | null;
  scanError: unknown;
  ackError: unknown;
};

export type StationEvent =
  | { type: 'jig.choose'; jigId: number }
  | { type: 'jig.change' }
  | { type: 'scan'; serial: string }
  | { type: 'next' }
  | { type: 'dismiss' }
  | { type: 'retest' }
  | { type: 'repair.send'; reason: string }
  | { type: 'live.report'; report: StationReport }
  | { type: 'live.down' }
  | { type: 'live.reconnecting' }
  | { type: 'live.up' };

/** How long a PASS stays before the station is ready for the next board. */
export const PASS_HOLD_MS = 4000;

const FRESH = { serial: null, scanId: null, board: null, stop: null, report: null, ack: null, repairReason: null, scanError: null, ackError: null } as const;

const reportOf = (event: StationEvent) => (event as Extract<StationEvent, { type: 'live.report' }>).report;

export const stationMachine = setup({
  types: {
    context: {} as StationContext,
    events: {} as StationEvent,
    input: {} as StationInput,
  },
  actors: {
    /** `POST /v1/stations/{jig_id}/scans` (the serial in the body). */
    checkScan: fromPromise<ScanAnswer, { jig_id: number; serial: string }>(async () => {
      throw new Error('checkScan actor not provided');
    }),
    /** `POST /v1/stations/{jig_id}/scans/{scan_id}/acknowledge`. */
    acknowledge: fromPromise<unknown, { jig_id: number; scan_id: number; acknowledgement: Acknowledgement }>(async () => {
      throw new Error('acknowledge actor not provided');
    }),
    /** The jig's live reports; sends the `live.*` events to the station, reconnects by itself. */
    liveStream: fromCallback<EventObject, { jigId: number }>(() => {
      throw new Error('liveStream actor not provided');
    }),
    /** Holds a PASS on the screen for a few seconds (the screen's: a timer of PASS_HOLD_MS). */
    passHold: fromPromise<void, void>(async () => {
      throw new Error('passHold actor not provided');
    }),
  },
  guards: {
    jigRemembered: ({ context }) => context.jigId !== null,
    /** A report of this jig for the board scanned and waiting for its run. */
    isOurs: ({ context, event }) => reportOf(event).jig_id === context.jigId && reportOf(event).serial === context.serial,
    isThisJig: ({ context, event }) => reportOf(event).jig_id === context.jigId,
    retestAllowed: ({ context }) => !!context.board && (context.board.attempt_limit === null || context.board.attempts_used < context.board.attempt_limit),
    unacknowledgedFail: ({ context }) => context.report?.result === 'fail',
    awaitingRun: ({ context }) => context.board !== null && context.report === null && context.repairReason === null,
    handingOff: ({ context }) => context.repairReason !== null,
    scanWaits: ({ context }) => context.pendingSerial !== null,
  },
  actions: {
    startScan: assign(({ event }) => ({ ...FRESH, serial: (event as { serial: string }).serial.trim(), pendingSerial: null })),
    keepOther: assign({ otherReport: ({ event }) => reportOf(event) }),
    clearBoard: assign({ ...FRESH }),
    /** The scanned board's run arrived: it is shown, and it used one of the board's attempts. */
    countRun: assign(({ context, event }) => ({
      report: reportOf(event),
      board: context.board && { ...context.board, attempts_used: Math.min(context.board.attempt_limit ?? Infinity, context.board.attempts_used + 1), last_result: reportOf(event).result },
    })),
  },
}).createMachine({
  id: 'station',
  context: ({ input }) => ({ jigId: input.jigId, ...FRESH, otherReport: null, pendingSerial: null }),
  initial: 'choosingJig',
  states: {
    choosingJig: {
      always: { guard: 'jigRemembered', target: 'atJig' },
      on: { 'jig.choose': { target: 'atJig', actions: assign({ jigId: ({ event }) => event.jigId }) } },
    },
    atJig: {
      invoke: {
        id: 'liveStream',
        src: 'liveStream',
        input: ({ context }) => ({ jigId: context.jigId! }),
        // The stream reconnects by itself; a crash is a drop for good (until the jig is chosen again).
        onError: { actions: raise({ type: 'live.down' }) },
      },
      on: {
        'jig.change': {
          target: 'choosingJig',
          actions: assign({ jigId: null, ...FRESH, otherReport: null, pendingSerial: null }),
        },
        'live.down': '.offline',
        'live.report': { guard: 'isThisJig', actions: 'keepOther' },
        // The other board's report shown beside what is going on: seen, put away.
        dismiss: { actions: assign({ otherReport: null }) },
      },
      initial: 'ready',
      states: {
        ready: {
          on: {
            scan: { target: 'checking', actions: 'startScan' },
            'live.report': { guard: 'isThisJig', target: 'otherBoard', actions: 'keepOther' },
          },
        },
        checking: {
          tags: ['busy'],
          // The scan waits for the stream to be back, and is checked then.
          on: { 'live.down': { target: 'offline', actions: assign({ pendingSerial: ({ context }) => context.serial, serial: null }) } },
          invoke: {
            id: 'checkScan',
            src: 'checkScan',
            input: ({ context }) => ({ jig_id: context.jigId!, serial: context.serial! }),
            onDone: [
              {
                guard: ({ event }) => event.output.outcome === 'stop',
                target: 'stopped',
                actions: assign(({ event }) => (event.output.outcome === 'stop' ? { stop: { code: event.output.code, words: event.output.words } } : {})),
              },
              {
                // The run came before the scan: the server counted it in the board's attempts.
                guard: ({ event }) => event.output.outcome === 'go' && !!event.output.report,
                target: 'result',
                actions: assign(({ event }) =>
                  event.output.outcome === 'go'
                    ? { board: event.output.board, serial: event.output.board.serial, scanId: event.output.scan_id, report: event.output.report ?? null }
                    : {},
                ),
              },
              {
                target: 'waiting',
                // The board's serial as stored (as its jig sends it, which its reports carry), not as typed.
                actions: assign(({ event }) =>
                  event.output.outcome === 'go' ? { board: event.output.board, serial: event.output.board.serial, scanId: event.output.scan_id } : {},
                ),
              },
            ],
            onError: { target: 'ready', actions: assign({ serial: null, scanError: ({ event }) => event.error }) },
          },
        },
        stopped: {
          on: {
            next: { target: 'ready', actions: 'clearBoard' },
            scan: { target: 'checking', actions: 'startScan' },
          },
        },
        waiting: {
          on: {
            'live.report': [
              { guard: 'isOurs', target: 'result', actions: 'countRun' },
              { guard: 'isThisJig', target: 'otherBoard', actions: 'keepOther' },
            ],
          },
        },
        pass: {
          invoke: { id: 'passHold', src: 'passHold', onDone: { target: 'ready', actions: 'clearBoard' } },
          on: {
            scan: { target: 'checking', actions: 'startScan' },
            'live.report': { guard: 'isThisJig', target: 'otherBoard', actions: ['clearBoard', 'keepOther'] },
          },
        },
        fail: {
          on: {
            retest: { guard: 'retestAllowed', target: 'acknowledging', actions: assign({ ack: () => ({ choice: 'retest' as const }), ackError: null }) },
            'repair.send': {
              target: 'acknowledging',
              actions: assign({ ack: ({ event }) => ({ choice: 'repair' as const, reason: event.reason }), ackError: null }),
            },
          },
        },
        acknowledging: {
          tags: ['busy'],
          invoke: {
            id: 'acknowledge',
            src: 'acknowledge',
            input: ({ context }) => ({ jig_id: context.jigId!, scan_id: context.scanId!, acknowledgement: context.ack! }),
            onDone: [
              // A retest is a new scan of the same board: each scan leads to one run (the server
              // links the next run to it, with its operator), and it answers the board's attempts now.
              {
                guard: ({ context }) => context.ack!.choice === 'retest',
                target: 'checking',
                actions: assign(({ context }) => ({ ...FRESH, serial: context.serial, pendingSerial: null })),
              },
              { target: 'repairHandOff', actions: assign(({ context }) => ({ ack: null, report: null, repairReason: context.ack!.choice === 'repair' ? context.ack!.reason : null })) },
            ],
            onError: { target: 'fail', actions: assign({ ack: null, ackError: ({ event }) => event.error }) },
          },
        },
        repairHandOff: {
          on: {
            next: { target: 'ready', actions: 'clearBoard' },
            scan: { target: 'checking', actions: 'startScan' },
          },
        },
        otherBoard: {
          on: {
            dismiss: { target: 'resuming', actions: assign({ otherReport: null }) },
            scan: { target: 'checking', actions: ['startScan', assign({ otherReport: null })] },
            'live.report': [
              { guard: 'isOurs', target: 'result', actions: ['countRun', assign({ otherReport: null })] },
              { guard: 'isThisJig', actions: 'keepOther' },
            ],
          },
        },
        /** Transient: a report of the scanned board, to pass or fail. */
        result: {
          always: [{ guard: 'unacknowledgedFail', target: 'fail' }, { target: 'pass' }],
        },
        offline: {
          on: {
            // A fail is acknowledged before the next board.
            scan: { guard: not('unacknowledgedFail'), actions: assign({ pendingSerial: ({ event }) => event.serial.trim() }) },
            'live.reconnecting': 'reconnecting',
            'live.up': 'resuming',
          },
        },
        reconnecting: {
          on: {
            scan: { guard: not('unacknowledgedFail'), actions: assign({ pendingSerial: ({ event }) => event.serial.trim() }) },
            'live.up': 'resuming',
          },
        },
        resuming: {
          always: [
            { guard: 'unacknowledgedFail', target: 'fail' },
            { guard: 'scanWaits', target: 'checking', actions: assign(({ context }) => ({ ...FRESH, serial: context.pendingSerial, pendingSerial: null })) },
            { guard: 'awaitingRun', target: 'waiting' },
            { guard: 'handingOff', target: 'repairHandOff' },
            { target: 'ready', actions: 'clearBoard' },
          ],
        },
      },
    },
  },
});

export type StationMachine = typeof stationMachine;
