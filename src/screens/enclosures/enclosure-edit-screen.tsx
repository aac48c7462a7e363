import { mdiKeyVariant, mdiLinkOff } from '@mdi/js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Enclosure, JigCredentials, Provisioning } from '../../../contract/enclosures';
import { isNotFound } from '../../api/client';
import { deleteEnclosure, enclosureChanged, enclosureDeleted, enclosureOptions, moveEnclosureProvisioning } from '../../api/enclosures';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DefinitionList } from '../../components/definition-list';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { showSuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { CredentialsPanel } from './credentials-panel';
import { EnclosureForm } from './enclosure-form';
import { FirmwareVersion, LastSeen, ProvisioningBadge } from './provisioning';
import { enclosureJig } from '../../../contract/jig-names';
import { JigName } from '../../components/jig-name';

const BACK = { href: '/manage/enclosures', label: 'All enclosures' };

/** `/manage/enclosures/{id}`: the enclosure's state, its provisioning actions, and its edit form. */
export function EnclosureEditScreen({ params, title }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery({ ...enclosureOptions(id), enabled: id > 0 });
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <>
        <PageHeader title="Enclosure not found" back={BACK} />
        <p className="text-sm text-secondary">There is no such enclosure; it may have been deleted.</p>
      </>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading enclosure" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the enclosure" />;
  const enclosure = query.data;
  return (
    <>
      <PageHeader
        title={`${title} ${enclosure.serial}`}
        description={<JigName jig={enclosureJig(enclosure)} platform />}
        back={BACK}
        actions={
          <DeleteAction
            kind="enclosure"
            name={enclosure.serial}
            consequence="Only a jig no device report names can be deleted; revoke a jig that has reported."
            remove={() => deleteEnclosure(enclosure.id)}
            refresh={(client) => enclosureDeleted(client, enclosure)}
            leaveTo="/manage/enclosures"
          />
        }
      />
      <div className="flex flex-col gap-6">
        <ProvisioningCard key={enclosure.id} enclosure={enclosure} />
        <Card title="Details">
          <EnclosureForm key={`${enclosure.id}-${enclosure.provisioning}`} enclosure={enclosure} />
        </Card>
      </div>
    </>
  );
}

const MOVE_WORDS: Record<Provisioning, { label: string; done: string }> = {
  provisioned: { label: 'Provision', done: 'provisioned' },
  revoked: { label: 'Revoke', done: 'revoked' },
  unprovisioned: { label: 'Unprovision', done: 'unprovisioned' },
};

function ProvisioningCard({ enclosure }: { enclosure: Enclosure }) {
  const client = useQueryClient();
  // Held in this component only: once the page is left, the secret is gone for good.
  const [credentials, setCredentials] = useState<JigCredentials | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const mutation = useMutation({
    mutationFn: (to: Provisioning) => moveEnclosureProvisioning(enclosure.id, to),
    onSuccess: async (result, to) => {
      setCredentials(result.credentials);
      setConfirmRevoke(false);
      await enclosureChanged(client, result.enclosure);
      showSuccess(`Enclosure “${enclosure.serial}” ${MOVE_WORDS[to].done}.`);
    },
  });
  const state = enclosure.provisioning;
  return (
    <Card title="Provisioning">
      <div className="flex flex-col gap-4">
        <DefinitionList
          items={[
            { term: 'State', value: <ProvisioningBadge state={state} /> },
            { term: 'Company', value: enclosure.company?.name ?? <span className="text-secondary">None (it cannot report)</span> },
            { term: 'Firmware', value: <FirmwareVersion version={enclosure.firmware_version} /> },
            { term: 'Last seen', value: <LastSeen enclosure={enclosure} /> },
            { term: 'Registered', value: formatDateTime(enclosure.created_at) },
          ]}
        />
        <p className="text-sm text-secondary">
          {state === 'unprovisioned'
            ? 'Provisioning makes the jig’s secret and shows it with the signature, once.'
            : state === 'provisioned'
              ? 'The jig reports and fetches firmware with its signature. Revoking refuses it from then on.'
              : 'Revoked: its reports and firmware requests are refused. Provisioning again gives it a new secret; the old signature stays refused.'}
        </p>
        {mutation.isError && !confirmRevoke ? <ErrorPresenter error={mutation.error} /> : null}
        <div className="flex flex-wrap gap-2">
          {state !== 'provisioned' ? (
            <Button icon={mdiKeyVariant} busy={mutation.isPending} onClick={() => mutation.mutate('provisioned')}>
              {state === 'revoked' ? 'Provision again' : 'Provision'}
            </Button>
          ) : (
            <Button variant="danger" icon={mdiLinkOff} onClick={() => setConfirmRevoke(true)}>
              Revoke
            </Button>
          )}
        </div>
        {credentials ? <CredentialsPanel credentials={credentials} serial={enclosure.serial} /> : null}
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={(open) => {
          setConfirmRevoke(open);
          if (!open) mutation.reset();
        }}
        title={`Revoke enclosure “${enclosure.serial}”?`}
        description="Its reports and firmware requests are refused from then on. Provisioning it again gives it a new secret."
        confirmLabel="Revoke"
        danger
        busy={mutation.isPending}
        error={mutation.isError ? mutation.error : undefined}
        onConfirm={() => mutation.mutate('revoked')}
      />
    </Card>
  );
}
