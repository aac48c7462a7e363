import type { Cassette } from '../../../contract/cassettes';
import { companyCassettesOptions } from '../../api/hardware';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/badge';
import { cassetteColumns } from '../../components/cassette-columns';

/** How many of the cassette's cartridges need calibrating, in a word. */
function CalibrationSummary({ cassette }: { cassette: Cassette }) {
  const overdue = cassette.cartridges.filter((c) => c.calibration_status === 'overdue').length;
  const soon = cassette.cartridges.filter((c) => c.calibration_status === 'due_soon').length;
  if (!cassette.cartridges.length) return <span className="text-secondary">No cartridges</span>;
  if (overdue) return <Badge tone="danger">{overdue} overdue</Badge>;
  if (soon) return <Badge tone="warning">{soon} due soon</Badge>;
  return <Badge tone="success">All calibrated</Badge>;
}

const { serial, enclosure, modules, cartridges } = cassetteColumns({ amsTypes: false });

const COLUMNS: Column<Cassette>[] = [
  serial,
  enclosure,
  modules,
  cartridges,
  { key: 'calibration', header: 'Calibration', card: 'badge', cell: (c) => <CalibrationSummary cassette={c} /> },
];

/** `/cassettes`: the company's cassettes (a superadmin picks the company), paged and searched on the server. */
export function CompanyCassettesScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const companyId = scope.companyId;
  const query: ListQuery<Cassette> = (p) => companyCassettesOptions(companyId ?? -1, p);
  return (
    <>
      <PageHeader
        title={title}
        description={
          scope.chooses
            ? 'The cassettes of the company you choose.'
            : `The cassettes of ${scope.companyName ?? 'your company'}: their AMS modules, cartridges and calibration.`
        }
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {companyId ? (
        <DataTable
          label="Cassettes"
          columns={COLUMNS}
          query={query}
          rowKey={(c) => c.id}
          rowHref={(c) => `/cassettes/${c.id}`}
          defaults={{ sortby: 'serial' }}
          searchPlaceholder="Serial or name"
          emptyText="No cassettes. The platform’s operators add a company’s cassettes."
        />
      ) : (
        <ChooseCompanyPrompt what="cassettes" />
      )}
    </>
  );
}
