import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import type { CartridgeType } from '../../../contract/cartridge-types';
import { cartridgeTypesOptions } from '../../api/cartridge-types';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatDateTime } from '../../lib/format';
import { NewCartridgeTypeDialog } from './new-cartridge-type-dialog';

export const typeHref = (id: number) => `/manage/cartridgetypes/${id}`;

const COLUMNS: Column<CartridgeType>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    cell: (c) => (
      <div className="max-w-80 whitespace-normal">
        <p className="font-medium">{c.name}</p>
        {c.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{c.description}</p> : null}
      </div>
    ),
  },
  { key: 'pin_count', header: 'Pins', sortable: true, className: 'tabular-nums', cell: (c) => c.pin_count },
  {
    key: 'firmware_count',
    header: 'Firmware',
    sortable: true,
    cell: (c) =>
      c.latest_firmware ? (
        <>
          <span>{c.latest_firmware}</span>
          <span className="block text-xs text-secondary">
            {c.firmware_count} {c.firmware_count === 1 ? 'version' : 'versions'}
          </span>
        </>
      ) : (
        <span className="text-secondary">None</span>
      ),
  },
  {
    key: 'updated_at',
    header: 'Changed',
    sortable: true,
    cell: (c) => <span title={formatDateTime(c.updated_at)}>{formatDate(c.updated_at)}</span>,
  },
];

/** `/manage/cartridgetypes`: the kinds of cartridge, with their pins and firmware. */
export function CartridgeTypesScreen({ title }: ScreenProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        description="The kinds of pogo-pin cartridge: their connector pins and firmware versions."
        actions={
          <Button icon={mdiPlus} onClick={() => setCreating(true)}>
            New cartridge type
          </Button>
        }
      />
      <DataTable
        label="Cartridge types"
        columns={COLUMNS}
        query={cartridgeTypesOptions}
        rowKey={(c) => c.id}
        rowHref={(c) => typeHref(c.id)}
        defaults={{ sortby: 'name' }}
        searchPlaceholder="Name or description"
        emptyText="No cartridge types yet."
      />
      <NewCartridgeTypeDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
