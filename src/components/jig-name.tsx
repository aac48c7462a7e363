import { jigNames, jigNameText, type JigNamed } from '../../contract/jig-names';
import { isSuperadmin } from '../../contract/permissions';
import { useSession } from '../app/app-actor';

/** Who reads a jig's name where: `platform` on the superadmin's `/manage` screens. */
export function useJigNameAudience(platform = false) {
  const session = useSession();
  return { platform, superadmin: isSuperadmin(session?.user) };
}

/**
 * A jig's name by the one rule of contract/jig-names.ts: on a company's screen the company's
 * name for it (a superadmin also reads the registered one beneath); on the platform's screens
 * (`platform`) the registered name, with the company's beneath. `serial` adds the serial line.
 * `compact` (a narrow table column): the serial over the first name, cut to the column, with
 * both names in the tooltip.
 */
export function JigName({ jig, platform = false, serial, compact = false }: { jig: JigNamed; platform?: boolean; serial?: string; compact?: boolean }) {
  const audience = useJigNameAudience(platform);
  const { title, also } = jigNames(jig, audience);
  if (compact) {
    return (
      <span className="flex max-w-28 flex-col" title={jigNameText(jig, audience)}>
        {serial ? <span>{serial}</span> : null}
        <span className="truncate text-xs text-secondary">{title}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <span>{title}</span>
      {also ? <span className="text-xs font-normal text-secondary">{also}</span> : null}
      {serial ? <span className="font-mono text-xs font-normal text-secondary">{serial}</span> : null}
    </span>
  );
}

/** The names in one line, for text that cannot hold markup (a description list's value, a title). */
export function useJigNameText(jig: JigNamed | null, platform = false): string | null {
  const audience = useJigNameAudience(platform);
  return jig ? jigNameText(jig, audience) : null;
}
