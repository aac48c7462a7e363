import { z } from 'zod';

/**
 * A jig (enclosure) has two names: the one the platform registered it under (`/manage/enclosures`)
 * and the one its company gives it in its settings (`/enclosures`, starting as the registered
 * one). Every answer that names a jig sends both, the company's as `name`, and every screen picks
 * with `jigNames` below, so one jig never goes by two names on a company's screens.
 */

/** A jig as another row (a cassette, a dashboard line, a project's cassette) names it. */
export const jigRefSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  /** What the jig's company calls it (its settings' name); the registered name while it has no company. */
  name: z.string(),
  /** The name the platform registered it under. */
  registered_name: z.string(),
});
export type JigRef = z.infer<typeof jigRefSchema>;

export type JigNamed = Pick<JigRef, 'name' | 'registered_name'>;

/** Where the names show and to whom: `platform` for the superadmin's `/manage` screens. */
export type JigNameAudience = { platform: boolean; superadmin: boolean };

/**
 * The one rule for which of a jig's names shows where. On a company's screens: the company's name
 * for its jig, and to a superadmin also the registered name beneath it when it differs (what to
 * look for under `/manage`). On the platform's screens: the registered name, and the company's
 * name beneath it when it differs (what the company's people will call it).
 */
export function jigNames(jig: JigNamed, audience: JigNameAudience): { title: string; also: string | null } {
  const differs = jig.name !== jig.registered_name;
  if (audience.platform) return { title: jig.registered_name, also: differs ? `Its company calls it “${jig.name}”` : null };
  return { title: jig.name, also: audience.superadmin && differs ? `Registered as “${jig.registered_name}”` : null };
}

/** The names in one line (a select's option, a toast): "EOL tester A (registered as “MC-200 line jig A”)". */
export function jigNameText(jig: JigNamed, audience: JigNameAudience): string {
  const { title, also } = jigNames(jig, audience);
  return also ? `${title} (${also.charAt(0).toLowerCase()}${also.slice(1)})` : title;
}

/** A report's jig as its names (`enclosure_name`, `enclosure_registered_name`), or null when the report names none. */
export function reportJig(report: { enclosure_name: string | null; enclosure_registered_name: string | null }): JigNamed | null {
  return report.enclosure_name === null ? null : { name: report.enclosure_name, registered_name: report.enclosure_registered_name ?? report.enclosure_name };
}

/** A platform row of `/manage/enclosures` as its names: `name` is the registered one there, `name_at_company` the company's. */
export function enclosureJig(enclosure: { name: string; name_at_company: string | null }): JigNamed {
  return { name: enclosure.name_at_company ?? enclosure.name, registered_name: enclosure.name };
}
