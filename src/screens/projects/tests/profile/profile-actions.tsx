import { mdiArchiveOutline, mdiCheckDecagram, mdiContentCopy, mdiTune } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TestProfile } from '../../../../../contract/test-profiles';
import { activateTestProfile, testProfileChanged, updateTestProfile } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { ButtonLink } from '../../../../components/button-link';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { showSuccess } from '../../../../components/toast';
import { NewProfileDialog } from '../new-profile-dialog';
import { RunRulesButton } from './run-rules-dialog';

type Confirming = 'activate' | 'archive' | null;

/**
 * Activate (a draft), New version (any profile) and Archive (a draft or the active one), for the
 * project's editors. Activation is one call: the server archives the active profile in the same
 * transaction, so the confirmation says which one that will be.
 */
export function ProfileActions({ profile, activeName }: { profile: TestProfile; activeName: string | null }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copying, setCopying] = useState(false);
  const change = useMutation({
    mutationFn: (what: Exclude<Confirming, null>) => (what === 'activate' ? activateTestProfile(profile.id) : updateTestProfile(profile.id, { status: 'archived' })),
    onSuccess: async (saved, what) => {
      await testProfileChanged(client, saved);
      setConfirming(null);
      showSuccess(what === 'activate' ? `“${saved.name}” ${saved.version} is active: the jigs run it now.` : `“${saved.name}” ${saved.version} is archived.`);
    },
  });
  const title = `“${profile.name}” ${profile.version}`;
  return (
    <>
      {profile.status === 'draft' ? (
        <Button icon={mdiCheckDecagram} onClick={() => setConfirming('activate')} disabled={profile.step_count === 0} title={profile.step_count === 0 ? 'Add its steps first' : undefined}>
          Activate
        </Button>
      ) : null}
      <ButtonLink variant="secondary" icon={mdiTune} href={`/testprofiles/${profile.id}/what-if`}>Try new limits</ButtonLink>
      <Button variant="secondary" icon={mdiContentCopy} onClick={() => setCopying(true)}>
        New version
      </Button>
      {profile.status !== 'archived' ? (
        <Button variant="secondary" icon={mdiArchiveOutline} onClick={() => setConfirming('archive')}>
          Archive
        </Button>
      ) : null}
      <RunRulesButton profile={profile} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            change.reset();
          }
        }}
        title={confirming === 'activate' ? `Activate ${title}?` : `Archive ${title}?`}
        description={
          confirming === 'activate'
            ? `The jigs run it from now on, and it becomes read-only.${activeName ? ` ${activeName}, active now, is archived.` : ''}`
            : profile.status === 'active'
              ? 'The project then has no active profile until another is activated. Its reports stay linked to it.'
              : 'The draft is kept, read-only; make a new version of it to carry on.'
        }
        confirmLabel={confirming === 'activate' ? 'Activate' : 'Archive'}
        danger={confirming === 'archive'}
        busy={change.isPending}
        error={change.error}
        onConfirm={() => confirming && change.mutate(confirming)}
      />
      <NewProfileDialog projectId={profile.project_id} open={copying} onOpenChange={setCopying} copyOf={profile} />
    </>
  );
}
