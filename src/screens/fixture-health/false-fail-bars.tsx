import type { FixtureGroup } from '../../../contract/fixture-health';
import { FEW_RUNS } from '../../../contract/statistics';
import { Spinner } from '../../components/spinner';
import { chunk, ChunkView } from '../../lib/chunk';
import { CHART_COLORS } from '../../components/charts/chart-theme';

// The chart library loads after the figures, never with the screen's own chunk.
const rankedBars = chunk(() => import('../../components/charts/ranked-bars').then((m) => ({ default: m.RankedBars })));

/** A jig's fixture health, addressed like its page by the company's settings row of it. */
export const jigHealthHref = (settingId: number) => `/enclosures/${settingId}/health`;

/** Each jig's false-fail share (of its fails) as a bar leading to the jig's fixture health (or, not linked, any such rows: weeks). */
export function FalseFailBars({ groups, linked = true }: { groups: FixtureGroup[]; linked?: boolean }) {
  const rows = groups.map((g) => ({
    key: g.key,
    name: g.name,
    value: g.false_fail_share,
    count: g.fails,
    href: linked && g.setting_id ? jigHealthHref(g.setting_id) : undefined,
  }));
  return (
    <ChunkView
      of={rankedBars}
      props={{ rows, valueName: 'False fails of fails', few: FEW_RUNS, color: CHART_COLORS.failures, zoom: true }}
      waiting={
        <div className="flex h-32 items-center justify-center text-primary">
          <Spinner />
        </div>
      }
    />
  );
}
