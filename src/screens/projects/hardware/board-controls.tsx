import type { PadHealth } from '../../../../contract/pad-health';
import { FilterSelect } from '../../../components/filter-select';
import { boardViewPatch, PAD_COLOUR_MODE_LABELS, PAD_COLOUR_MODES, type BoardView, type PadColourMode } from '../../../lib/board-link';
import { formatDate, formatNumber, formatOf } from '../../../lib/format';

type Props = {
  view: BoardView;
  /** The figures, once loaded: the filters' choices and the range's summary. */
  health: PadHealth | undefined;
  onChange: (patch: ReturnType<typeof boardViewPatch>) => void;
};

/** Colour the board by pad group, fail rate or false-fail rate, at a jig or a cartridge; a sentence says what the colours count. */
export function BoardControls({ view, health, onChange }: Props) {
  const change = (patch: Partial<BoardView>) => onChange(boardViewPatch({ ...view, ...patch }));
  const idOf = (value: string) => (value ? Number(value) : null);
  // A filter the URL names but the range does not list still shows as chosen.
  const jigs = health?.jigs ?? [];
  const cartridges = health?.cartridges ?? [];
  const jigOptions = jigs.map((j) => ({ value: String(j.id), label: `${j.name} (${j.serial})` }));
  if (view.jig && !jigs.some((j) => j.id === view.jig)) jigOptions.push({ value: String(view.jig), label: `Jig ${view.jig}` });
  const cartridgeOptions = cartridges.map((c) => ({ value: String(c.id), label: `${c.serial} (${c.type})` }));
  if (view.cartridge && !cartridges.some((c) => c.id === view.cartridge)) cartridgeOptions.push({ value: String(view.cartridge), label: `Cartridge ${view.cartridge}` });
  const figures = view.mode !== 'group';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <FilterSelect
          label="Colour by"
          value={view.mode}
          onValueChange={(v) => change({ mode: v as PadColourMode })}
          options={PAD_COLOUR_MODES.map((m) => ({ value: m, label: PAD_COLOUR_MODE_LABELS[m] }))}
        />
        {figures ? (
          <>
            <FilterSelect label="Jig" value={view.jig ? String(view.jig) : ''} onValueChange={(v) => change({ jig: idOf(v) })} options={jigOptions} allLabel="All jigs" />
            <FilterSelect
              label="Cartridge"
              value={view.cartridge ? String(view.cartridge) : ''}
              onValueChange={(v) => change({ cartridge: idOf(v) })}
              options={cartridgeOptions}
              allLabel="All cartridges"
            />
          </>
        ) : null}
      </div>
      {figures && health ? (
        <p className="text-sm text-secondary" data-testid="board-figures-summary">
          {formatDate(health.from)} – {formatDate(health.to)}: {formatNumber(health.totals.runs)} runs, {formatNumber(health.totals.fails)} failed,{' '}
          {formatNumber(health.totals.false_fails)} false fails. {formatOf(health.totals.placed_fails, health.totals.fails)} failed runs failed a step that names its pads; a
          pad’s colour is its {view.mode === 'fails' ? 'fail rate' : 'false-fail rate'} (of all runs) from the steps that measure it, the darkest red the worst.
        </p>
      ) : null}
    </div>
  );
}
