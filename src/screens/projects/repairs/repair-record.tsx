import type { Repair } from '../../../../contract/repairs';
import { DefinitionList } from '../../../components/definition-list';
import { formatDateTime } from '../../../lib/format';
import { RepairFileView } from './repair-file';

/** A done repair as its record: who, when, what was found and done, and the photo or file. */
export function RepairRecord({ repair }: { repair: Repair }) {
  const scrapped = repair.status === 'scrapped';
  return (
    <section aria-labelledby="repair-record" className="rounded-lg border border-secondary-light bg-white p-4 shadow-sm sm:p-5">
      <h3 id="repair-record" className="mb-4 text-base font-semibold text-gray-900">
        {scrapped ? 'Scrapped' : 'Repaired'}
      </h3>
      <DefinitionList
        items={[
          { term: scrapped ? 'Scrapped by' : 'Repaired by', value: repair.repaired_by?.name ?? 'Unknown' },
          { term: 'When', value: formatDateTime(repair.repaired_at) },
          {
            term: 'Failure code',
            value: repair.failure_code ? (
              <>
                <span className="font-mono font-medium">{repair.failure_code.code}</span>
                <span className="text-secondary"> · {repair.failure_code.description}</span>
              </>
            ) : (
              '—'
            ),
          },
          { term: 'Action taken', value: <span className="whitespace-pre-line">{repair.action ?? '—'}</span> },
          {
            term: 'Parts replaced',
            value: repair.parts.length ? (
              <ul aria-label="Parts replaced" className="flex flex-wrap gap-1.5">
                {repair.parts.map((p) => (
                  <li key={p} className="rounded bg-secondary-light px-1.5 py-0.5 font-mono text-xs">
                    {p}
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            ),
          },
          { term: 'Notes', value: repair.notes ? <span className="whitespace-pre-line">{repair.notes}</span> : '—' },
          { term: 'Photo or file', value: <RepairFileView repair={repair} /> },
        ]}
      />
    </section>
  );
}
