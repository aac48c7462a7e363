import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PROBE_SIZES } from '../../../../contract/pogo-board';
import type { PogoBoard } from '../../../../contract/requests';
import { pogoBoardOptions } from '../../../api/requests';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { cx } from '../../../lib/cx';
import { PadDrawing, PROBE_COLOURS, type PadColouring } from '../../../components/pad-drawing/pad-drawing';
import type { StepPanelProps } from './step-props';

type Finding = PogoBoard['findings'][number];

/**
 * The pogo board step: both sides drawn with each pad's probe, the probe count per size, and the
 * design-for-test findings (errors first; errors block the next step, warnings do not). Clicking
 * a finding rings its pads and centres the drawing on them.
 */
export function PogoBoardStep({ request }: StepPanelProps) {
  const board = useQuery(pogoBoardOptions(request.id));
  const [colourBy, setColourBy] = useState<PadColouring>('probe');
  const [focus, setFocus] = useState<{ key: number; ids: readonly number[] } | null>(null);

  if (board.isPending) return <LoadingBlock label="Loading the pogo board" />;
  if (board.isError) return <ErrorPresenter error={board.error} title="Could not load the pogo board" />;
  const { pads, counts, findings, tooling_holes, blocking } = board.data;
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (!pads.length) return <p className="text-sm text-secondary">The request has no test pads yet: add or import them in the test pads step.</p>;

  return (
    <div className="flex flex-col gap-4">
      {/* The counts are a list of their own; the colour choice beside them is a control, not an item. */}
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex flex-wrap items-center gap-2" aria-label="Probes per size">
          {PROBE_SIZES.map((size) => (
            <li key={size} className="flex items-center gap-1.5 rounded-md border border-secondary-light px-2 py-1 text-sm tabular-nums">
              <span aria-hidden="true" className="size-3 rounded-full" style={{ background: PROBE_COLOURS[size] }} />
              {size}: {counts[size]}
            </li>
          ))}
          <li className={cx('rounded-md border px-2 py-1 text-sm tabular-nums', counts.none ? 'border-error text-error' : 'border-secondary-light')}>
            No probe fits: {counts.none}
          </li>
          <li className="rounded-md border border-secondary-light px-2 py-1 text-sm tabular-nums">Tooling holes: {tooling_holes}</li>
        </ul>
        <label className="ml-auto flex items-center gap-2 text-sm">
          Colour by
          <select value={colourBy} onChange={(e) => setColourBy(e.target.value as PadColouring)} className="min-h-9 rounded-md border border-secondary/40 bg-white px-2">
            <option value="probe">Probe size</option>
            <option value="group">Pad group</option>
          </select>
        </label>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <PadDrawing pads={pads} colourBy={colourBy} highlightedIds={focus?.ids} focus={focus} label="Pogo board" />
        <Card title={`Findings (${findings.length})`} headingLevel={3}>
          <p className={cx('mb-2 text-sm', blocking ? 'text-error' : 'text-secondary')}>
            {blocking ? `${errors} ${errors === 1 ? 'error blocks' : 'errors block'} the next step; warnings do not.` : 'No errors: warnings do not block the next step.'}
          </p>
          <FindingList findings={findings} focused={focus?.key ?? null} onPick={(index, finding) => setFocus({ key: index, ids: finding.pad_ids })} />
        </Card>
      </div>
    </div>
  );
}

/** Errors then warnings; a finding with pads is a button that shows them on the drawing. */
function FindingList({ findings, focused, onPick }: { findings: readonly Finding[]; focused: number | null; onPick: (index: number, f: Finding) => void }) {
  const sorted = useMemo(
    () => findings.map((f, index) => ({ f, index })).sort((a, b) => Number(a.f.severity === 'warning') - Number(b.f.severity === 'warning')),
    [findings],
  );
  if (!findings.length) return <p className="text-sm text-secondary">No findings: every pad gets a probe and the board has its tooling holes.</p>;
  return (
    <ol className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto">
      {sorted.map(({ f, index }) => {
        const body = (
          <>
            <Badge tone={f.severity === 'error' ? 'danger' : 'warning'}>{f.severity === 'error' ? 'Error' : 'Warning'}</Badge>
            <span className="text-sm">{f.message}</span>
          </>
        );
        return (
          <li key={index}>
            {f.pad_ids.length ? (
              <button
                type="button"
                onClick={() => onPick(index, f)}
                aria-pressed={focused === index}
                className={cx('flex w-full flex-col items-start gap-1 rounded-md p-2 text-left hover:bg-secondary-light', focused === index && 'bg-secondary-light')}
              >
                {body}
              </button>
            ) : (
              <div className="flex flex-col items-start gap-1 p-2">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
