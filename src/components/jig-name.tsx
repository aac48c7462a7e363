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
 */
export function JigName({ jig, platform = false, serial }: { jig: JigNamed; platform?: boolean; serial?: string }) {
  const { title, also } = jigNames(jig, useJigNameAudience(platform));
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
