import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { MAX_PADS_PER_REQUEST } from '../../../../contract/requests';
import { LENGTH_UNITS, type ColumnMapping, type LengthUnit, type TestPadField, type TestPadInput, type TestPointRow } from '../../../../contract/test-points';
import { toApiFailure } from '../../../api/client';
import { addTestPads } from '../../../api/requests';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';
import { showSuccess } from '../../../components/toast';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { previewTestPoints, type ColumnChoices } from './csv-preview';
import { FIELD_LABELS, KIND_LABELS } from './pad-labels';

const FIELDS = Object.keys(FIELD_LABELS) as TestPadField[];
const LENGTH_FIELDS: readonly TestPadField[] = ['x', 'y', 'diameter'];
const UNIT_FROM: Record<NonNullable<ColumnMapping['unitFrom']>, string> = { header: 'named in the header', values: 'written after each value', file: 'the file’s unit' };
const FILE_UNIT_FROM = { option: 'your choice', title: 'named in the file’s title lines', default: 'the default' } as const;
const selectClass = 'min-h-9 rounded-md border border-secondary/40 bg-white px-2 text-sm';

type Props = { requestId: number; existingPads: number; onImported: () => void };

/**
 * CSV import of a test-point report: the file is read here with `parseTestPoints` (the
 * contract's parser), the preview says what each column became (changeable, with the unit), which
 * rows are accepted and which refused and why; nothing is sent before "Import N pads". The
 * server's refusal of a pad (`pads.<n>.<field>`) is shown against the file line it came from.
 */
export function CsvImport({ requestId, existingPads, onImported }: Props) {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [choices, setChoices] = useState<ColumnChoices>({});
  const [unit, setUnit] = useState<LengthUnit | undefined>();
  const [replace, setReplace] = useState(false);
  const preview = useMemo(() => (file ? previewTestPoints(file.text, choices, unit) : null), [file, choices, unit]);
  const acceptedRows = useMemo(() => preview?.rows.filter((r) => r.pad) ?? [], [preview]);
  const refusedRows = useMemo(() => preview?.rows.filter((r) => !r.pad) ?? [], [preview]);

  const importing = useMutation({
    mutationFn: (pads: TestPadInput[]) => addTestPads(requestId, { pads, replace }),
    onSuccess: (saved) => {
      showSuccess(`${saved.length} test pads imported.`);
      setFile(null);
      setChoices({});
      onImported();
    },
  });
  const failure = importing.isError ? toApiFailure(importing.error) : null;
  const refusedByServer = failure ? serverRefusals(failure.fieldErrors, acceptedRows) : [];

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    importing.reset();
    setChoices({});
    setFile({ name: picked.name, text: await picked.text() });
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-3">
      <h3 id={`${inputId}-title`} className="font-semibold text-gray-900">
        Import a test-point CSV
      </h3>
      <p className="text-sm text-secondary">
        A test-point report or pick-and-place export (Name/RefDes/TP, Net, X, Y, Side/Layer, Diameter/Size) in mm, mil or inch, comma-, semicolon- or tab-separated.
      </p>
      <div>
        <label htmlFor={inputId} className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-secondary/40 bg-white px-3 text-sm font-medium text-secondary hover:bg-secondary-light has-[input:focus-visible]:outline-2">
          {file ? `Choose another file (now: ${file.name})` : 'Choose a CSV file'}
          <input
            id={inputId}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {preview ? (
        <>
          {preview.problem ? <ErrorPresenter error={preview.problem} title="The file cannot be read as test points" /> : null}
          {preview.columns.length ? (
            <ColumnTable
              columns={preview.columns}
              sample={preview.rows[0]}
              onChoose={(index, field, columnUnit) => setChoices((prev) => ({ ...prev, [index]: { field, ...(columnUnit && { unit: columnUnit }) } }))}
            />
          ) : null}
          <label className="flex flex-wrap items-center gap-2 text-sm">
            Lengths that name no unit are in
            <select aria-label="Unit of lengths that name none" className={selectClass} value={preview.unit.unit} onChange={(e) => setUnit(e.target.value as LengthUnit)}>
              {LENGTH_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
            <span className="text-secondary">({FILE_UNIT_FROM[preview.unit.from]})</span>
          </label>
          {preview.header ? (
            <>
              <p className="text-sm" role="status">
                {preview.rows.length} rows: <strong>{preview.accepted.length} accepted</strong>, <strong className={preview.refused ? 'text-error' : undefined}>{preview.refused} refused</strong>.
              </p>
              {refusedRows.length ? <RefusedRows rows={refusedRows} columns={preview.columns} /> : null}
              <h4 className="text-sm font-semibold">Accepted rows</h4>
              <RowsTable label="Accepted rows" rows={acceptedRows} columns={ACCEPTED_COLUMNS} rowKey={(r) => r.line} emptyText="No row can be imported." pageSize={50} />
            </>
          ) : null}
          {failure ? (
            <div className="flex flex-col gap-1">
              <ErrorPresenter error={refusedByServer.length ? `${failure.message} Nothing was imported.` : importing.error} title="The pads were not imported" />
              {refusedByServer.length ? (
                <ul className="list-disc pl-5 text-sm text-error" aria-label="Refused by the server">
                  {refusedByServer.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            {existingPads > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} className="size-4" />
                Replace the request’s {existingPads} pads (their pad groups are emptied)
              </label>
            ) : null}
            <Button
              busy={importing.isPending}
              disabled={!preview.accepted.length || preview.accepted.length > MAX_PADS_PER_REQUEST}
              onClick={() => importing.mutate(preview.accepted)}
            >
              Import {preview.accepted.length} pads
            </Button>
            {preview.accepted.length > MAX_PADS_PER_REQUEST ? (
              <span className="text-sm text-error">At most {MAX_PADS_PER_REQUEST.toLocaleString('en')} test pads in one request.</span>
            ) : preview.refused && preview.accepted.length ? (
              <span className="text-sm text-secondary">The refused rows are left out.</span>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** What each column of the file became; a person can give it another meaning and a length column a unit. */
function ColumnTable({ columns, sample, onChoose }: { columns: ColumnMapping[]; sample?: TestPointRow; onChoose: (index: number, field: TestPadField | null, unit?: LengthUnit) => void }) {
  const rows: Column<ColumnMapping>[] = [
    { key: 'column', header: 'Column', cell: (c) => <span className="font-medium">{c.header}</span> },
    { key: 'first_value', header: 'First value', cell: (c) => <span className="font-mono text-xs">{sample?.raw[c.header] ?? ''}</span> },
    {
      key: 'becomes',
      header: 'Becomes',
      cell: (c) => (
        <select aria-label={`Meaning of column ${c.header}`} className={selectClass} value={c.field ?? ''} onChange={(e) => onChoose(c.index, (e.target.value || null) as TestPadField | null)}>
          <option value="">Ignored</option>
          {FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'unit',
      header: 'Unit',
      cell: (c) =>
        c.field && LENGTH_FIELDS.includes(c.field) ? (
          <span className="flex flex-wrap items-center gap-2">
            <select aria-label={`Unit of column ${c.header}`} className={selectClass} value={c.unit ?? ''} onChange={(e) => onChoose(c.index, c.field, e.target.value as LengthUnit)}>
              {c.unit ? null : <option value="">Varies</option>}
              {LENGTH_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
            {c.unitFrom ? <span className="text-xs text-secondary">{UNIT_FROM[c.unitFrom]}</span> : null}
          </span>
        ) : null,
    },
    { key: 'note', header: 'Note', cell: (c) => <span className="text-xs text-secondary">{c.note ?? ''}</span> },
  ];
  return <RowsTable label="Columns of the file" rows={columns} columns={rows} rowKey={(c) => c.index} emptyText="No columns." />;
}

function RefusedRows({ rows, columns }: { rows: TestPointRow[]; columns: ColumnMapping[] }) {
  const shown: Column<TestPointRow>[] = [
    { key: 'line', header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
    {
      key: 'why_refused',
      header: 'Why refused',
      cell: (r) => (
        <ul className="text-error">
          {r.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ),
    },
    { key: 'row', header: 'Row', cell: (r) => <span className="font-mono text-xs">{columns.map((c) => r.raw[c.header] ?? '').join(' · ')}</span> },
  ];
  return (
    <>
      <h4 className="text-sm font-semibold text-error">Refused rows</h4>
      <RowsTable label="Refused rows" rows={rows} columns={shown} rowKey={(r) => r.line} pageSize={50} />
    </>
  );
}

const ACCEPTED_COLUMNS: Column<TestPointRow>[] = [
  { key: 'line', header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
  { key: 'name', header: 'Name', cell: (r) => r.pad?.name },
  { key: 'net', header: 'Net', cell: (r) => r.pad?.net ?? '—' },
  { key: 'x_mm', header: 'X (mm)', cell: (r) => r.pad?.x, className: 'text-right tabular-nums' },
  { key: 'y_mm', header: 'Y (mm)', cell: (r) => r.pad?.y, className: 'text-right tabular-nums' },
  { key: 'side', header: 'Side', cell: (r) => (r.pad?.side === 'bottom' ? 'Bottom' : 'Top') },
  { key: 'diameter_mm', header: 'Diameter (mm)', cell: (r) => r.pad?.diameter ?? '—', className: 'text-right tabular-nums' },
  { key: 'kind', header: 'Kind', cell: (r) => (r.pad ? KIND_LABELS[r.pad.kind] : '') },
];

/** The server's per-pad refusals (`pads.12.name`) against the file lines of the pads sent. */
export function serverRefusals(fieldErrors: Record<string, string[] | undefined>, sentRows: readonly TestPointRow[]): string[] {
  const lines: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const match = /^pads\.(\d+)(?:\.(\w+))?$/.exec(key);
    if (!match || !messages?.length) continue;
    const row = sentRows[Number(match[1])];
    lines.push(`Line ${row?.line ?? '?'}${row?.pad ? ` (${row.pad.name})` : ''}: ${messages.join(' ')}`);
  }
  return lines;
}
