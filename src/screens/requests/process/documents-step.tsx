import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestFile } from '../../../../contract/requests';
import { downloadRequestFile, requestFilesOptions } from '../../../api/requests';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DefinitionList } from '../../../components/definition-list';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { formatSize } from '../../../components/upload-field/upload-items';
import { formatDateTime } from '../../../lib/format';
import type { StepPanelProps } from './step-props';

/** Review documents: what the customer asked for, and each document to download and read. */
export function DocumentsStep({ request }: StepPanelProps) {
  const files = useQuery(requestFilesOptions(request.id));
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card title="The request" headingLevel={3}>
        <DefinitionList
          items={[
            { term: 'Project name', value: request.projectname },
            { term: 'Description', value: request.projectdescription ? <span className="whitespace-pre-line">{request.projectdescription}</span> : '—' },
            { term: 'Company', value: request.company.name },
            { term: 'Sent', value: formatDateTime(request.created_at) },
          ]}
        />
      </Card>
      <Card title="Documents" headingLevel={3}>
        {files.isPending ? (
          <LoadingBlock label="Loading documents" />
        ) : files.isError ? (
          <ErrorPresenter error={files.error} title="Could not load the documents" />
        ) : files.data.length === 0 ? (
          <p className="text-sm text-secondary">The request has no documents.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-secondary-light">
            {files.data.map((file) => (
              <DocumentRow key={file.id} file={file} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DocumentRow({ file }: { file: RequestFile }) {
  const download = useMutation({ mutationFn: () => downloadRequestFile(file) });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 flex-1 basis-48">
        <span className="block font-medium break-all">{file.name}</span>
        <span className="text-xs text-secondary">
          {file.type || 'Unknown type'} · {formatSize(file.size)}
        </span>
      </span>
      <Button variant="secondary" className="min-h-9" busy={download.isPending} onClick={() => download.mutate()} aria-label={`Download ${file.name}`}>
        Download
      </Button>
      {download.isError ? <ErrorPresenter error={download.error} title={`Could not download ${file.name}`} className="basis-full" /> : null}
    </li>
  );
}
