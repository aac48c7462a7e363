import type { SnapshotFrom } from 'xstate';
import type { StationEvent, stationMachine } from '../../../machines/station.machine';

export type StationSnapshot = SnapshotFrom<typeof stationMachine>;
export type StationSend = (event: StationEvent) => void;

/** The step of the run the snapshot is at ('ready', 'fail', …), or 'choosingJig'. */
export const stepOf = (snapshot: StationSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : (snapshot.value as { atJig: string }).atJig;
