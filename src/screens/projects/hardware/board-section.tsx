import { mdiChip } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { PadHealth } from '../../../../contract/pad-health';
import { can } from '../../../../contract/permissions';
import { padDetails, type PadDetails, type ProjectPads } from '../../../../contract/project-pads';
import { padHealthOptions } from '../../../api/pad-health';
import { projectPadsOptions } from '../../../api/project-pads';
import { useSession } from '../../../app/app-actor';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { DefinitionList } from '../../../components/definition-list';
import { ErrorPresenter } from '../../../components/error-presenter';
import { PadDrawing } from '../../../components/pad-drawing/pad-drawing';
import { LoadingBlock } from '../../../components/spinner';
import { readBoardView } from '../../../lib/board-link';
import { useSearchState } from '../../../lib/url-search';
import { BoardControls } from './board-controls';
import { padColours as colourPads } from './pad-colour-scale';
import { PadFigures } from './pad-figures';
import { WorstGroups } from './worst-groups';

type Props = {
  projectId: number;
  /** The project's company: its own people see the figures (fail and false-fail rates). */
  companyId: number;
};

/**
 * The project's board as its request placed it: every test pad drawn (both sides), each opening
 * its pad group, the cartridge pin wired to it and the steps that measure it. The company's own
 * people colour it by pad group, or by the fail rate or false-fail rate of the steps measuring
 * each pad (last 30 days, at a jig or a cartridge: the URL keeps the choice), and a pad then
 * opens its figures and the boards that failed there.
 */
export function BoardSection({ projectId, companyId }: Props) {
  const session = useSession();
  const figuresAllowed = can(session?.user, 'company.read', { company_id: companyId });
  const { params, set } = useSearchState();
  const view = readBoardView(params);
  const mode = figuresAllowed ? view.mode : 'group';
  const board = useQuery(projectPadsOptions(projectId));
  const health = useQuery(
    padHealthOptions(companyId, projectId, { ...(view.jig ? { enclosure_id: view.jig } : {}), ...(view.cartridge ? { cartridge_id: view.cartridge } : {}) }, figuresAllowed && mode !== 'group'),
  );
  const [open, setOpen] = useState<number | null>(null);
  const details = useMemo(() => (board.data && open !== null ? padDetails(board.data, open) : null), [board.data, open]);
  const highlighted = useMemo(() => (open === null ? [] : [open]), [open]);
  const coloured = useMemo(
    () => (mode !== 'group' && board.data && health.data ? colourPads(board.data.pads, health.data, mode) : null),
    [mode, board.data, health.data],
  );
  const figures: PadHealth | null = mode !== 'group' ? (health.data ?? null) : null;
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
          {figuresAllowed ? <BoardControls view={{ ...view, mode }} health={health.data} onChange={(next) => set(next, { push: true })} /> : null}
          {mode !== 'group' && health.isError ? <ErrorPresenter error={health.error} title="Could not load the pads’ figures" /> : null}
          {mode !== 'group' && health.isPending ? <LoadingBlock label="Loading the pads’ figures" /> : null}
          {mode !== 'group' && health.data ? <WorstGroups board={board.data} health={health.data} mode={mode} onOpen={setOpen} /> : null}
          <PadDrawing
            pads={board.data.pads}
            colourBy="group"
            padColours={coloured?.colours}
            legend={coloured?.legend}
            onPadClick={setOpen}
            highlightedIds={highlighted}
            label="The project’s test pads"
          />
          {details ? (
            <PadPanel board={board.data} details={details} figures={figures} projectId={projectId} />
          ) : (
            <p className="text-sm text-secondary">Click a pad to see its pad group, pin and steps{mode !== 'group' ? ', its figures and the boards that failed there' : ''}.</p>
          )}
        </div>
      )}
    </Card>
  );
}

const none = <span className="text-secondary">None</span>;

function PadPanel({ board, details, figures, projectId }: { board: ProjectPads; details: PadDetails; figures: PadHealth | null; projectId: number }) {
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
      {figures ? (
        <div className="mt-3 border-t border-secondary-light pt-3">
          <PadFigures projectId={projectId} health={figures} groupId={group?.id ?? null} />
        </div>
      ) : null}
    </section>
  );
}
