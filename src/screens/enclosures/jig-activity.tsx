import type { ReportDay } from '../../../contract/enclosure-settings';
import { formatNumber } from '../../lib/format';

/**
 * A row's 30 days of test runs as a strip of tiny bars with the total beside it: enough to tell a
 * busy jig from an idle one at a glance. The detail page has the chart with axes and the numbers.
 */
export function JigActivity({ days, total }: { days: ReportDay[]; total: number }) {
  const top = Math.max(1, ...days.map((d) => d.reports));
  const label = `${formatNumber(total)} test runs in the last ${days.length} days`;
  return (
    <span className="inline-flex items-end gap-1.5" title={label}>
      <span aria-hidden className="flex h-6 items-end gap-px">
        {days.map((d) => (
          <span
            key={d.date}
            className={`w-[3px] rounded-[1px] ${d.reports ? 'bg-primary' : 'bg-secondary-light'}`}
            style={{ height: d.reports ? `${Math.max(12, (d.reports / top) * 100)}%` : '2px' }}
          />
        ))}
      </span>
      <span className="text-xs whitespace-nowrap text-secondary tabular-nums">
        <span className="sr-only">{label}</span>
        <span aria-hidden>{formatNumber(total)}</span>
      </span>
    </span>
  );
}
