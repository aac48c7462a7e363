import { mdiPlus } from '@mdi/js';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { pinMapCreateInput, type ConnectorPinChoice, type PinMapRow, type ResourceType } from '../../../contract/resources';
import { addPinMapRow, deletePinMapRow, pinMapChanged, pinMapOptions, pinMapRowDeleted, resourceKeys, resourceTypeOptions, searchPinChoices } from '../../api/resources';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Pagination } from '../../components/data-table/pagination';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { Sheet } from '../../components/sheet';
import { LoadingBlock } from '../../components/spinner';
import { showSuccess } from '../../components/toast';

type Props = { resourceTypeId: number; onClose: () => void };

const pinLabel = (p: { cartridge_type_name: string; number: number; name: string }) => `${p.cartridge_type_name} · pin ${p.number} ${p.name}`;
const choiceLabel = (c: ConnectorPinChoice) => `${pinLabel(c)} (${c.pin_type.name})${c.mapped ? ' · mapped' : ''}`;

/**
 * A resource type's pin map, in a sheet the URL opens (`?pinmap=<id>`): which connector pins of
 * which cartridge types serve it. The picker offers the pins whose pin type it allows, searched
 * by cartridge type or pin name; the server still refuses any other (422) and a pin twice (409).
 */
export function PinMapSheet({ resourceTypeId, onClose }: Props) {
  const resourceType = useQuery(resourceTypeOptions(resourceTypeId));
  const name = resourceType.data?.name;
  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={name ? `Pin map of “${name}”` : 'Pin map'}
      description="Which connector pin of a cartridge type serves this resource type."
    >
      {resourceType.isPending ? (
        <LoadingBlock label="Loading the resource type" />
      ) : resourceType.isError ? (
        <ErrorPresenter error={resourceType.error} title="Could not load the resource type" />
      ) : (
        <PinMap resourceType={resourceType.data} />
      )}
    </Sheet>
  );
}

function PinMap({ resourceType }: { resourceType: ResourceType }) {
  const client = useQueryClient();
  const [list, setList] = useState({ page: 1, limit: 25 });
  const rows = useQuery({ ...pinMapOptions(resourceType.id, { ...list, sortby: 'cartridge_type' }), placeholderData: keepPreviousData });
  const form = useForm({
    defaultValues: { connector_pin_id: '' },
    resolver: contractResolver(pinMapCreateInput, (v: { connector_pin_id: string }) => ({ connector_pin_id: v.connector_pin_id ? Number(v.connector_pin_id) : undefined })),
  });
  const add = useMutation({
    mutationFn: (pinId: number) => addPinMapRow(resourceType.id, pinId),
    onSuccess: async (row) => {
      form.reset({ connector_pin_id: '' });
      await pinMapChanged(client, resourceType.id);
      showSuccess(`${pinLabel({ cartridge_type_name: row.cartridge_type_name, number: row.pin_number, name: row.pin_name })} added to the pin map.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const allowed = resourceType.pin_types;

  return (
    <div className="flex flex-col gap-6 p-4">
      <section aria-label="Allowed pin types" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-gray-800">Allowed pin types:</span>
        {allowed.length ? allowed.map((p) => <Badge key={p.id}>{p.name}</Badge>) : <span className="text-secondary">none yet: edit the resource type to allow some.</span>}
      </section>

      <form
        onSubmit={form.handleSubmit((input) => add.mutate(input.connector_pin_id))}
        noValidate
        className="flex flex-col gap-3 rounded-lg border border-secondary-light bg-white p-4"
      >
        <AsyncSelectField
          control={form.control}
          name="connector_pin_id"
          label="Connector pin"
          queryKey={resourceKeys.pinChoices(resourceType.id)}
          fetchOptions={searchPinChoices(resourceType.id)}
          optionValue={(c) => String(c.id)}
          optionLabel={choiceLabel}
          placeholder="Choose a cartridge type's pin"
          noMatches={allowed.length ? 'No connector pin of an allowed pin type matches.' : 'Allow a pin type first.'}
          hint="Type part of the cartridge type's or the pin's name."
        />
        <FormError message={formErrorOf(form.formState.errors)} />
        <div className="flex justify-end">
          <Button type="submit" icon={mdiPlus} busy={add.isPending}>
            Add to pin map
          </Button>
        </div>
      </form>

      <section aria-label="Mapped pins" className="rounded-lg border border-secondary-light bg-white">
        {rows.isPending ? (
          <LoadingBlock label="Loading the pin map" />
        ) : rows.isError ? (
          <ErrorPresenter error={rows.error} title="Could not load the pin map" className="m-3" />
        ) : rows.data.data.length === 0 ? (
          <p className="p-4 text-sm text-secondary">No connector pins serve this resource type yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-secondary-light">
              {rows.data.data.map((row) => (
                <PinMapItem key={row.id} row={row} />
              ))}
            </ul>
            <Pagination
              page={list.page}
              limit={list.limit}
              total={rows.data.meta.total}
              onPage={(page) => setList((l) => ({ ...l, page }))}
              onLimit={(limit) => setList({ page: 1, limit })}
            />
          </>
        )}
      </section>
    </div>
  );
}

function PinMapItem({ row }: { row: PinMapRow }) {
  const label = pinLabel({ cartridge_type_name: row.cartridge_type_name, number: row.pin_number, name: row.pin_name });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
      <span className="min-w-0 flex-1">
        <span className="font-medium text-gray-900">{row.cartridge_type_name}</span>
        <span className="text-secondary"> · pin {row.pin_number} </span>
        <span className="text-gray-900">{row.pin_name}</span>
      </span>
      {row.pin_type ? <Badge tone="info">{row.pin_type.name}</Badge> : null}
      <DeleteAction
        compact
        kind="pin map row"
        name={label}
        consequence="The pin no longer serves this resource type."
        remove={() => deletePinMapRow(row.id)}
        refresh={(client) => pinMapRowDeleted(client, row)}
      />
    </li>
  );
}
