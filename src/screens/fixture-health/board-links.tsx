import { mdiChip } from '@mdi/js';
import { ButtonLink } from '../../components/button-link';
import { boardHref } from '../../lib/board-link';

/**
 * "Show on the board": the project's board drawing coloured by false-fail rate at this jig (or
 * this cartridge), so the pads and pins where the fixture fails are one click away.
 */
export function ShowOnBoard({ project, jig, cartridge }: { project: { id: number; name: string }; jig?: number; cartridge?: number }) {
  return (
    <ButtonLink href={boardHref(project.id, { mode: 'false_fails', jig: jig ?? null, cartridge: cartridge ?? null })} variant="secondary" icon={mdiChip}>
      Show on the board
      <span className="font-normal">· {project.name}</span>
    </ButtonLink>
  );
}
