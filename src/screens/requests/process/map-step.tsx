import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TestPadGroup } from '../../../../contract/requests';
import { capacityOptions, mappingProposalOptions, padGroupsOptions, selectedModulesOptions } from '../../../api/request-hardware';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { MapRow } from './map-row';
import { mappedPinKey, mappingLabel, moduleChoices, pinChoices } from './pin-choices';
import { ProposalDialog } from './proposal-dialog';
import type { StepPanelProps } from './step-props';
import { useHardwareSaved } from './use-hardware-saved';
import { WiringList } from './wiring-list';

const COLUMNS: Column<TestPadGroup>[] = [
  { key: 'name', header: 'Group', card: 'title', cell: (g) => <span className="font-medium">{g.name}</span> },
  { key: 'resource_type', header: 'Resource type', cell: (g) => g.resource_type.name },
  { key: 'pads', header: 'Pads', className: 'tabular-nums', cell: (g) => g.pad_ids.length },
  {
    key: 'mapping',
    header: 'Mapped to',
    className: 'whitespace-normal',
    cell: (g) => (g.mapping ? <span className="text-sm">{mappingLabel(g.mapping)}</span> : <Badge tone="warning">Not mapped</Badge>),
  },
];

/**
 * Groups a page: each row is a form whose pin list can hold hundreds of pins, so a request with
 * 186 groups drew some 40,000 options at once and the step took seconds to appear.
 */
const GROUPS_A_PAGE = 25;

/** The map step: each pad group to a connector pin of a selected cartridge (and a module), and the wiring that makes. */
export function MapStep({ request, onDataChanged }: StepPanelProps) {
  const groups = useQuery(padGroupsOptions(request.id));
  const capacity = useQuery(capacityOptions(request.id));
  const modules = useQuery(selectedModulesOptions(request.id));
  const saved = useHardwareSaved(request.id, onDataChanged);
  // The server proposes a pin per unmapped group (by name, rail and function) and says why.
  const proposal = useQuery(mappingProposalOptions(request.id));
  const [reviewing, setReviewing] = useState(false);

  if (groups.isPending || capacity.isPending) return <LoadingBlock label="Loading the pad groups" />;
  const failed = groups.error ?? capacity.error;
  if (failed || !groups.data) return <ErrorPresenter error={failed} title="Could not load the pad groups and their pins" />;

  const rows = [...groups.data].sort((a, b) => a.name.localeCompare(b.name));
  const unmapped = rows.filter((g) => !g.mapping).length;
  const moduleOptions = moduleChoices(modules.data);
  const picks = proposal.data?.picks ?? [];
  const placed = picks.filter((p) => p.pin).length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="mr-auto text-sm text-secondary" aria-live="polite">
          {unmapped === 0 ? 'Every pad group is mapped.' : `${unmapped} of ${rows.length} pad groups still need a pin.`}
          {unmapped > 0 && proposal.data && unmapped > placed ? ` ${unmapped - placed} of them have no fitting free pin: the proposal says why.` : ''}
        </p>
        {picks.length && unmapped ? (
          <Button variant="secondary" disabled={proposal.isFetching} onClick={() => setReviewing(true)}>
            {placed ? `Map ${placed} to free pins` : `See why ${picks.length === 1 ? 'no pin fits' : 'no pins fit'}`}
          </Button>
        ) : null}
      </div>
      {proposal.isError ? <ErrorPresenter error={proposal.error} title="Could not propose pins for the unmapped groups" /> : null}
      {reviewing ? (
        <ProposalDialog
          requestId={request.id}
          picks={picks}
          capacity={capacity.data}
          modules={moduleOptions}
          open
          onOpenChange={setReviewing}
          onApplied={saved}
        />
      ) : null}
      {modules.isError ? <ErrorPresenter error={modules.error} title="Could not load the selected modules to choose from" /> : null}
      <RowsTable
        label="Pad groups and their pins"
        columns={COLUMNS}
        rows={rows}
        pageSize={GROUPS_A_PAGE}
        rowKey={(g) => g.id}
        emptyText="No pad groups yet: make them in the pad groups step."
        rowFooter={(g) => (
          // A new mapping from the server starts the row's form afresh; a refusal keeps what was chosen.
          <MapRow
            key={`${g.id}:${mappedPinKey(g)}:${g.mapping?.selected_module?.id ?? ''}`}
            group={g}
            pins={pinChoices(capacity.data, g)}
            modules={moduleOptions}
            onSaved={saved}
          />
        )}
      />
      <WiringList requestId={request.id} />
    </div>
  );
}
