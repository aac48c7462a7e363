/**
 * Model-based tests of the station machine on the harness, on the bare actor (its screen comes
 * later and is tested with fewer paths): every edge of the graph is walked from the start and
 * checked by `station.oracle.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, edgeChunks, edgePaths, pathOfEvents, pathsOrError } from './harness';
import { GO_SERIAL, JIG, report, SCAN_ID, stationModel, STORED_SERIAL } from './station.model';
import { stationOracle } from './station.oracle';

const harness = createHarness({ model: stationModel, oracle: stationOracle });

const { paths, error: graphError } = pathsOrError(() => edgePaths(stationModel));
/** The edges out of each state, walked in tests of at most 400 edges. */
const chunks = edgeChunks(paths, (p) => `[${p.inputName}] ${JSON.stringify(p.source.value)}`);

describe('station.machine: every edge of the graph', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(500);
  });

  for (const chunk of chunks) {
    it(chunk.title, async () => {
      await harness.walkAll(chunk.paths, true);
    }, 60_000);
  }

  // A retest returns to a state already on the way, which the edge paths above walk one at a time.
  it('a board failed twice: retest once, then only repair, handed off', async () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const fail = { type: 'live.report', report: report(2, JIG, GO_SERIAL, 'fail') };
    const journey = pathOfEvents(stationModel, 'no jig chosen yet', [
      { type: 'jig.choose', jigId: JIG },
      { type: 'scan', serial: GO_SERIAL },
      done('checkScan', { outcome: 'go', scan_id: SCAN_ID, board: { serial: GO_SERIAL, attempts_used: 0, attempt_limit: 2, last_result: null, in_repair: false, repairs: 0 } }),
      fail,
      { type: 'retest' },
      done('acknowledge', {}),
      // Scanned again for the retest: one attempt used.
      done('checkScan', { outcome: 'go', scan_id: SCAN_ID + 1, board: { serial: GO_SERIAL, attempts_used: 1, attempt_limit: 2, last_result: 'fail', in_repair: false, repairs: 0 } }),
      fail,
      { type: 'retest' },
      { type: 'repair.send', reason: 'VCC high twice' },
      done('acknowledge', {}),
    ]);
    const { final, effects } = await harness.walk(journey);
    expect(final.matches({ atJig: 'repairHandOff' })).toBe(true);
    expect(final.context.repairReason).toBe('VCC high twice');
    expect(effects.acknowledge.map((a) => (a as { acknowledgement: { choice: string } }).acknowledgement.choice)).toEqual(['retest', 'repair']);
    // The repair acknowledges the retest's own scan.
    expect((effects.acknowledge[1] as { scan_id: number }).scan_id).toBe(SCAN_ID + 1);
    expect(effects.checkScan).toHaveLength(2);
  });

  // The board's serial as stored (its jig sent a space) is the one its reports carry.
  it('follows the board by the serial the server answered, not as typed', async () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const board = { serial: STORED_SERIAL, attempts_used: 0, attempt_limit: 2, last_result: null, in_repair: false, repairs: 0 };
    const journey = pathOfEvents(stationModel, 'jig 4 remembered', [
      { type: 'scan', serial: GO_SERIAL },
      done('checkScan', { outcome: 'go', scan_id: SCAN_ID, board }),
      { type: 'live.report', report: report(7, JIG, STORED_SERIAL, 'fail') },
    ]);
    const { final } = await harness.walk(journey);
    expect(final.matches({ atJig: 'fail' })).toBe(true);
    expect(final.context.serial).toBe(STORED_SERIAL);
  });

  it('walked every state and took every transition', () => {
    harness.expectAllWalked();
  });
});
