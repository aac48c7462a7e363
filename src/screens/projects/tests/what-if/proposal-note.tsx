import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { limitProposalOptions } from '../../../../api/limit-what-if';
import { formatDateTime, formatNumber, formatPercent } from '../../../../lib/format';
import { limitsText } from './replay-results';

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * On a profile made from a limit proposal: why, which limits changed, and what the replay said,
 * so whoever activates the draft sees the reasons. Nothing for any other profile.
 */
export function LimitProposalNote({ profileId }: { profileId: number }) {
  const proposal = useQuery(limitProposalOptions(profileId));
  const p = proposal.data;
  if (!p) return null;
  const s = p.summary;
  return (
    <section aria-label="Why this draft" className="rounded-md border border-primary/30 bg-primary-light p-3 text-sm text-gray-900">
      <p className="font-semibold">
        New limits proposed{p.created_by ? ` by ${p.created_by.username}` : ''} on {formatDateTime(p.created_at)}
        {p.from_profile ? (
          <>
            {' '}from{' '}
            <Link href={`/testprofiles/${p.from_profile.id}`} className="text-primary-dark hover:underline">
              {p.from_profile.name} {p.from_profile.version}
            </Link>
          </>
        ) : null}
      </p>
      <p className="mt-1 whitespace-pre-line" data-testid="proposal-reason">
        {p.reason}
      </p>
      <ul className="mt-2 list-disc pl-5">
        {p.changes.map((c) => (
          <li key={c.step}>
            {c.step}: {limitsText(c.old, c.unit)} → {limitsText(c.new, c.unit)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-secondary">
        Replayed on {formatNumber(s.runs)} runs: first-pass yield {formatPercent(s.first_pass_yield.now)} → {formatPercent(s.first_pass_yield.projected)}, {plural(s.escapes.all_runs, 'escape')} and{' '}
        {plural(s.new_fails.all_runs, 'new fail')}.
      </p>
    </section>
  );
}
