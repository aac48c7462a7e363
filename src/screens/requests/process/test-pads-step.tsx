import { mdiPlus } from '@mdi/js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { requestChanged, testPadsOptions } from '../../../api/requests';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { AddPadDialog } from './add-pad-dialog';
import { CsvImport } from './csv-import';
import { PadTable } from './pad-table';
import type { StepPanelProps } from './step-props';

/** Test pads: the request's pads as a table (add one, delete one) and the CSV import. */
export function TestPadsStep({ request, onDataChanged }: StepPanelProps) {
  const pads = useQuery(testPadsOptions(request.id));
  const [adding, setAdding] = useState(false);
  const client = useQueryClient();
  // The pads, the board and the request's progress are refreshed here whatever the shell does on onDataChanged.
  const changed = useCallback(() => {
    void requestChanged(client, request.id).then(onDataChanged);
  }, [client, request.id, onDataChanged]);
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-secondary">{pads.data ? `${pads.data.length} test pads` : ' '}</p>
          <Button icon={mdiPlus} variant="secondary" onClick={() => setAdding(true)}>
            Add a pad
          </Button>
        </div>
        {pads.isPending ? (
          <LoadingBlock label="Loading test pads" />
        ) : pads.isError ? (
          <ErrorPresenter error={pads.error} title="Could not load the test pads" />
        ) : (
          <PadTable pads={pads.data} requestId={request.id} onChanged={changed} />
        )}
      </section>
      <CsvImport requestId={request.id} existingPads={pads.data?.length ?? 0} onImported={changed} />
      <AddPadDialog requestId={request.id} open={adding} onOpenChange={setAdding} onAdded={changed} />
    </div>
  );
}
