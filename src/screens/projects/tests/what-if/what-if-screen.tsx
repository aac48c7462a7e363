import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { mdiPublish } from '@mdi/js';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { can } from '../../../../../contract/permissions';
import type { Project } from '../../../../../contract/projects';
import type { TestProfile } from '../../../../../contract/test-profiles';
import { isNotFound, toApiFailure } from '../../../../api/client';
import { projectOptions } from '../../../../api/projects';
import { testProfileOptions, testStepsOptions } from '../../../../api/test-profiles';
import { useSession } from '../../../../app/app-actor';
import { idParam, type ScreenProps } from '../../../../app/screen-props';
import { Button } from '../../../../components/button';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { PageHeader } from '../../../../components/page-header';
import { LoadingBlock } from '../../../../components/spinner';
import { showSuccess } from '../../../../components/toast';
import { ProjectNotFound } from '../../project-not-found';
import { formKey, initialValues, rowsOfProposal, toProposal, type StepRow, type WhatIfValues } from './form-values';
import { ProposalForm } from './proposal-form';
import { PublishDialog } from './publish-dialog';
import { ReplayResults } from './replay-results';
import { limitWhatIfLogic } from './what-if-actors';

/** The flow, rendered off the machine's state: it lives as long as this screen. */
function WhatIf({ profile, project, steps }: { profile: TestProfile; project: Project; steps: StepRow[] }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const logic = useMemo(() => limitWhatIfLogic(client, project.id), [client, project.id]);
  const actor = useActorRef(logic, { input: { profileId: profile.id } });
  const state = useSelector(actor, (s) => s);
  const form = useForm<WhatIfValues>({ defaultValues: initialValues(steps) });

  // An edit after a replay makes its answer stale: the machine drops it.
  const values = useWatch({ control: form.control });
  useEffect(() => {
    if (actor.getSnapshot().matches('replayed')) actor.send({ type: 'proposal.edit' });
  }, [values, actor]);

  // A refused replay shows on the rows and fields it names; anything else above the button.
  const failure = state.context.failure;
  useEffect(() => {
    if (failure?.during !== 'replay') return;
    const api = toApiFailure(failure.error);
    const rowOf = rowsOfProposal(steps, state.context.proposal?.limits ?? []);
    const entries = Object.entries(api.fieldErrors).filter(([, m]) => m?.length);
    if (!entries.length) form.setError('root', { message: api.message });
    for (const [key, messages] of entries) form.setError(formKey(key, rowOf) as 'root', { message: messages[0] });
  }, [failure, steps, state.context.proposal, form]);

  const published = state.context.published;
  useEffect(() => {
    if (!published?.draft_profile_id) return;
    showSuccess(`Draft “${profile.name}” ${state.context.details?.version ?? ''} published with the new limits.`);
    navigate(`/testprofiles/${published.draft_profile_id}`);
  }, [published, navigate, state.context.details, profile.name]);

  const replay = () => {
    form.clearErrors();
    const result = toProposal(steps, form.getValues());
    if (result.errors) {
      for (const [key, message] of Object.entries(result.errors)) form.setError(key as 'root', { message }, { shouldFocus: true });
      return;
    }
    actor.send({ type: 'replay.submit', proposal: result.input as never });
  };

  const answer = state.matches('replayed') || state.matches('naming') || state.matches('publishing') ? state.context.answer : null;
  return (
    <div className="flex flex-col gap-4">
      <ProposalForm form={form} steps={steps} projectId={project.id} profileId={profile.id} busy={state.matches('replaying')} onReplay={replay} />
      {answer ? (
        <>
          <ReplayResults answer={answer} projectId={project.id} />
          <div className="flex justify-end">
            <Button icon={mdiPublish} onClick={() => actor.send({ type: 'publish.open' })}>
              Publish as new draft
            </Button>
          </div>
        </>
      ) : null}
      <PublishDialog
        profile={profile}
        open={state.matches('naming') || state.matches('publishing')}
        busy={state.matches('publishing')}
        failure={failure?.during === 'publish' ? failure.error : null}
        onCancel={() => actor.send({ type: 'publish.cancel' })}
        onSubmit={(details) => actor.send({ type: 'publish.submit', details })}
      />
    </div>
  );
}

/**
 * `/testprofiles/{id}/what-if`: try new limits for the profile's steps against its history, see
 * first-pass yield now and projected and the boards that would flip, and publish them as a new
 * draft with the reason. The profile's editors only (the route and the calls say so too).
 */
export function WhatIfScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const session = useSession();
  const profile = useQuery(testProfileOptions(id));
  const project = useQuery({ ...projectOptions(profile.data?.project_id ?? 0), enabled: !!profile.data });
  const steps = useQuery({ ...testStepsOptions(id), enabled: !!profile.data });
  if (id <= 0 || (profile.isError && isNotFound(profile.error))) return <ProjectNotFound what="Test profile" />;
  if (profile.isPending || (profile.data && (project.isPending || steps.isPending))) return <LoadingBlock label="Loading the test profile" />;
  if (!profile.data) return <ErrorPresenter error={profile.error} title="Could not load the test profile" />;
  if (!project.data) return <ErrorPresenter error={project.error} title="Could not load the project" />;
  if (!steps.data) return <ErrorPresenter error={steps.error} title="Could not load the steps" />;
  const p = profile.data;
  const canEdit = can(session?.user, 'production.edit', { company_id: project.data.company_id });
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Try new limits"
        back={{ href: `/testprofiles/${p.id}`, label: `${p.name} ${p.version}` }}
        description={`Replay the history of “${p.name}” ${p.version} against proposed limits before publishing them as a new draft.`}
      />
      {canEdit ? (
        <WhatIf key={p.id} profile={p} project={project.data} steps={steps.data} />
      ) : (
        <ErrorPresenter error="Only the project’s engineers and admins can try new limits." />
      )}
    </div>
  );
}
