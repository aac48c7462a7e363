import { mdiChip } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { padDetails, type PadDetails, type ProjectPads } from '../../../../contract/project-pads';
import { projectPadsOptions } from '../../../api/project-pads';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { DefinitionList } from '../../../components/definition-list';
import { ErrorPresenter } from '../../../components/error-presenter';
import { PadDrawing, type LegendItem } from '../../../components/pad-drawing/pad-drawing';
import { LoadingBlock } from '../../../components/spinner';

type Props = {
  projectId: number;
  /**
   * A colour per pad id (e.g. by the fail rate of the steps measuring it) and its legend;
   * without it the pads are coloured by pad group.
   */
  padColours?: ReadonlyMap<number, string>;
  legend?: readonly LegendItem[];
};

/**
 * The project's board as its request placed it: every test pad drawn (both sides), each opening
 * its pad group, the cartridge pin wired to it and the steps that measure it.
 */
export function BoardSection({ projectId, padColours, legend }: Props) {
  const board = useQuery(projectPadsOptions(projectId));
  const [open, setOpen] = useState<number | null>(null);
  const details = useMemo(() => (board.data && open !== null ? padDetails(board.data, open) : null), [board.data, open]);
  const highlighted = useMemo(() => (open === null ? [] : [open]), [open]);
  return (
    <Card title="Board" icon={mdiChip}>
      {board.isPending ? (
        <LoadingBlock label="Loading the board" />
      ) : board.isError ? (
        <ErrorPresenter error={board.error} title="Could not load the board" />
      ) : board.data.pads.length === 0 ? (
        <p className="text-sm text-secondary">No test pads: the board is drawn for a project made from a processed request.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <PadDrawing
            pads={board.data.pads}
            colourBy="group"
            padColours={padColours}
            legend={legend}
            onPadClick={setOpen}
            highlightedIds={highlighted}
            label="The project’s test pads"
          />
          {details ? <PadPanel board={board.data} details={details} /> : <p className="text-sm text-secondary">Click a pad to see its pad group, pin and steps.</p>}
        </div>
      )}
    </Card>
  );
}

const none = <span className="text-secondary">None</span>;

function PadPanel({ board, details }: { board: ProjectPads; details: PadDetails }) {
  const { pad, group, resources, steps, other_steps: others } = details;
  const active = board.active_profile;
  return (
    <section aria-label={`Pad ${pad.name}`} aria-live="polite" className="rounded-md border border-secondary-light p-3">
      <h3 className="mb-3 text-sm font-semibold text-gray-900">
        {pad.name} <span className="font-normal text-secondary">{pad.net ?? 'no net'}</span>
      </h3>
      <DefinitionList
        items={[
          { term: 'Place', value: `${pad.side === 'top' ? 'Top' : 'Bottom'} · (${pad.x}, ${pad.y}) mm · ${pad.diameter === null ? 'size unknown' : `⌀ ${pad.diameter} mm`} · ${pad.probe ?? 'no probe'}` },
          { term: 'Pad group', value: group ? `${group.name} (${group.resource_type.name})` : none },
          {
            term: 'Cartridge pin',
            value: resources.length ? (
              <ul className="flex flex-col gap-1">
                {resources.map((r) => (
                  <li key={r.id}>
                    Bay {r.bay} · {r.cartridge_type.name} · pin {r.connector_pin.number} {r.connector_pin.name} <span className="text-secondary">({r.name})</span>
                  </li>
                ))}
              </ul>
            ) : (
              none
            ),
          },
          {
            term: active ? `Steps of ${active.name} ${active.version}` : 'Steps',
            value:
              active && steps.length ? (
                <ul className="flex flex-col gap-1">
                  {steps.map((s) => (
                    <li key={s.id}>
                      <Link href={`/testprofiles/${active.id}`} className="text-primary-dark hover:underline">
                        Step {s.position}: {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-secondary">{active ? 'No step of the active profile measures it.' : 'The project has no active profile.'}</span>
              ),
          },
          {
            term: 'Other profiles',
            value: others.length ? (
              <ul className="flex flex-col gap-1">
                {others.map((o) => (
                  <li key={o.name} className="flex flex-wrap items-center gap-1">
                    {o.name}
                    {o.profiles.map((p) => (
                      <Link key={p.id} href={`/testprofiles/${p.id}`} className="hover:underline">
                        <Badge tone={p.status === 'draft' ? 'info' : 'muted'}>
                          {p.name} {p.version}
                        </Badge>
                      </Link>
                    ))}
                  </li>
                ))}
              </ul>
            ) : (
              none
            ),
          },
        ]}
      />
    </section>
  );
}
