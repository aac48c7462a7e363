import { mdiAlertOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { jigReadinessOptions } from '../../api/readiness';
import { Card } from '../../components/card';
import { ErrorPresenter } from '../../components/error-presenter';
import { Spinner } from '../../components/spinner';

/** At most this many jigs on the dashboard; the jig list shows them all. */
const SHOWN = 8;

/** The company's jigs that are not fit to test, each with its first reason in words: the floor's first question after a rise in fails. */
export function JigsNotReady({ companyId }: { companyId: number }) {
  const query = useQuery(jigReadinessOptions({ companyId, ids: null, notReady: true }));
  const jigs = query.data ?? [];
  return (
    <Card title="Jigs not ready" icon={mdiAlertOutline} className="mt-6">
      {query.isError ? (
        <ErrorPresenter error={query.error} title="Could not load the jigs' readiness" />
      ) : query.isPending ? (
        <Spinner />
      ) : jigs.length === 0 ? (
        <p className="text-sm text-secondary">Every jig is fit to test.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {jigs.slice(0, SHOWN).map((j) => (
            <li key={j.jig_id}>
              {j.setting_id ? (
                <Link href={`/enclosures/${j.setting_id}`} className="font-medium text-primary-dark hover:underline">
                  {j.name}
                </Link>
              ) : (
                <span className="font-medium">{j.name}</span>
              )}
              {j.project_name ? <span className="text-secondary"> · {j.project_name}</span> : null}
              <span className="block text-secondary">{j.problems[0]?.words}{j.problems.length > 1 ? ` (and ${j.problems.length - 1} more)` : ''}</span>
            </li>
          ))}
          {jigs.length > SHOWN ? (
            <li>
              <Link href="/enclosures" className="text-primary-dark hover:underline">
                {jigs.length - SHOWN} more jigs not ready
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}
