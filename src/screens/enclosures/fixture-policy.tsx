import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '../../../contract/permissions';
import { FIXTURE_POLICIES, FIXTURE_POLICY_LABELS, type FixturePolicy } from '../../../contract/readiness';
import { fixturePolicyOptions, setFixturePolicy } from '../../api/readiness';
import { useSession } from '../../app/app-actor';
import { ErrorPresenter } from '../../components/error-presenter';
import { showSuccess } from '../../components/toast';

const MEANS: Record<FixturePolicy, string> = {
  warn: 'a jig that is not fit to test says so; its runs count.',
  hold: 'runs of a jig that is not fit to test are stored but held until an engineer releases or discards them.',
};

/** The company's fixture policy: admins choose warn or hold; everyone else reads it. */
export function FixturePolicySetting({ companyId }: { companyId: number }) {
  const session = useSession();
  const client = useQueryClient();
  const query = useQuery(fixturePolicyOptions(companyId));
  const mutation = useMutation({
    mutationFn: (policy: FixturePolicy) => setFixturePolicy(companyId, policy),
    onSuccess: async (policy) => {
      await client.invalidateQueries({ queryKey: ['fixture-policy', companyId] });
      showSuccess(`Fixture policy: ${FIXTURE_POLICY_LABELS[policy]}.`);
    },
  });
  if (!query.data) return query.isError ? <ErrorPresenter error={query.error} title="Could not load the fixture policy" /> : null;
  const mayEdit = can(session?.user, 'company.manage', { company_id: companyId });
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="fixture-policy" className="font-medium">
        Jigs not fit to test
      </label>
      {mayEdit ? (
        <select
          id="fixture-policy"
          className="rounded border border-secondary-light px-2 py-1"
          value={query.data}
          disabled={mutation.isPending}
          onChange={(e) => mutation.mutate(e.target.value as FixturePolicy)}
        >
          {FIXTURE_POLICIES.map((p) => (
            <option key={p} value={p}>
              {FIXTURE_POLICY_LABELS[p]}
            </option>
          ))}
        </select>
      ) : (
        <span id="fixture-policy">{FIXTURE_POLICY_LABELS[query.data]}</span>
      )}
      <span className="text-secondary">{MEANS[query.data]}</span>
      {mutation.isError ? <ErrorPresenter error={mutation.error} title="Could not change the fixture policy" /> : null}
    </div>
  );
}
