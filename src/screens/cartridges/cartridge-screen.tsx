import { mdiDownload, mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CALIBRATION_RESULT_LABELS, type Calibration } from '../../../contract/cartridges';
import { isNotFound } from '../../api/client';
import { calibrationsOptions, cartridgeDeleted, cartridgeOptions, deleteCartridge, downloadCertificate } from '../../api/cartridges';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { DefinitionList } from '../../components/definition-list';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { formatMeasurement } from '../../lib/format';
import { CartridgeCyclesCard } from './cartridge-cycles-card';
import { CartridgeForm } from './cartridge-form';
import { RecordCalibrationDialog } from './record-calibration-dialog';
import { CalibrationStatusBadge, dueText, formatDay } from './status';

const ALL = '/manage/cartridges';

function CertificateButton({ calibration }: { calibration: Calibration }) {
  const [busy, setBusy] = useState(false);
  if (!calibration.certificate) return <span className="text-secondary">—</span>;
  return (
    <Button
      variant="ghost"
      icon={mdiDownload}
      busy={busy}
      title={calibration.certificate.name}
      onClick={() => {
        setBusy(true);
        void downloadCertificate(calibration).finally(() => setBusy(false));
      }}
    >
      <span className="max-w-48 text-left whitespace-normal [overflow-wrap:anywhere]">{calibration.certificate.name}</span>
    </Button>
  );
}

const CALIBRATION_COLUMNS: Column<Calibration>[] = [
  { key: 'calibrated_at', header: 'Calibrated', sortable: true, card: 'title', cell: (c) => formatDay(c.calibrated_at) },
  { key: 'due_at', header: 'Due', sortable: true, cell: (c) => formatDay(c.due_at) },
  {
    key: 'result',
    header: 'Result',
    card: 'badge',
    cell: (c) => <Badge tone={c.result === 'pass' ? 'success' : 'danger'}>{CALIBRATION_RESULT_LABELS[c.result]}</Badge>,
  },
  {
    key: 'values',
    header: 'Values',
    cell: (c) =>
      c.values.length ? (
        <ul className="text-xs whitespace-normal">
          {c.values.map((v, n) => (
            <li key={n}>
              {v.name}: <span className="tabular-nums">{formatMeasurement(v.value, v.unit)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-secondary">—</span>
      ),
  },
  {
    key: 'notes',
    header: 'Notes',
    cell: (c) => <span className="line-clamp-2 max-w-56 text-xs whitespace-pre-line">{c.notes || '—'}</span>,
  },
  { key: 'certificate', header: 'Certificate', card: 'actions', cell: (c) => <CertificateButton calibration={c} /> },
];

/** `/manage/cartridges/{id}`: the cartridge's facts and status, its edit form, and its calibrations. */
export function CartridgeScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery(cartridgeOptions(id));
  const [recording, setRecording] = useState(false);
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-gray-900">Cartridge not found</h1>
        <p className="text-secondary">There is no such cartridge; it may have been deleted.</p>
        <ButtonLink href={ALL} variant="secondary">
          All cartridges
        </ButtonLink>
      </div>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading cartridge" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the cartridge" />;

  const cartridge = query.data;
  return (
    <>
      <PageHeader
        title={`Cartridge ${cartridge.serial}`}
        back={{ href: ALL, label: 'All cartridges' }}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CalibrationStatusBadge status={cartridge.calibration_status} />
            <span>{dueText(cartridge.calibration_due_at)}</span>
          </span>
        }
        actions={
          <>
            <Button icon={mdiPlus} onClick={() => setRecording(true)}>
              Record calibration
            </Button>
            <DeleteAction
              kind="cartridge"
              name={cartridge.serial}
              consequence="Its calibrations and their certificates are deleted with it."
              remove={() => deleteCartridge(cartridge.id)}
              refresh={(client) => cartridgeDeleted(client, cartridge)}
              leaveTo={ALL}
            />
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card title="Facts">
          <DefinitionList
            items={[
              { term: 'Serial', value: cartridge.serial },
              { term: 'Type', value: cartridge.cartridge_type.name },
              { term: 'Cassette', value: cartridge.cassette ? `${cartridge.cassette.serial} (${cartridge.cassette.name})` : 'Not in a cassette' },
              { term: 'Bay', value: cartridge.bay ?? '—' },
              { term: 'Calibration', value: <CalibrationStatusBadge status={cartridge.calibration_status} /> },
              { term: 'Due', value: cartridge.calibration_due_at ? formatDay(cartridge.calibration_due_at) : 'Never calibrated' },
            ]}
          />
        </Card>
        <Card title="Edit">
          {/* Keyed by cartridge: the form starts from this one; a save resets it to the saved values. */}
          <CartridgeForm key={cartridge.id} cartridge={cartridge} />
        </Card>
      </div>
      <div className="mt-4">
        <CartridgeCyclesCard cartridge={cartridge} />
      </div>
      <section className="mt-6">
        <h2 className="mb-3 text-lg font-semibold text-gray-900">Calibrations</h2>
        <DataTable
          label="Calibrations"
          columns={CALIBRATION_COLUMNS}
          query={calibrationsOptions(cartridge.id)}
          rowKey={(c) => c.id}
          defaults={{ sortby: 'calibrated_at', sortdesc: true }}
          searchPlaceholder="Notes or values contain…"
          emptyText="No calibrations recorded yet."
        />
      </section>
      <RecordCalibrationDialog cartridge={cartridge} open={recording} onOpenChange={setRecording} />
    </>
  );
}
