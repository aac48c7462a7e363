/**
 * Whether a physical cassette holds what a project's cassette configuration asks for: the
 * configured module type in every configured slot and the configured cartridge type in every
 * configured bay. A place the configuration leaves empty may hold anything. The server answers
 * with it (the project's cassettes, the company's configurations); the screens say the places.
 */

/** A module type in a slot, or a cartridge type in a bay. */
export type Placed = { place: number; type_id: number };

export type CassetteContents = { modules: readonly Placed[]; cartridges: readonly Placed[] };

export type CassetteMatch = {
  matches: boolean;
  /** Configured slots that do not hold the configured module type, ascending. */
  mismatched_slots: number[];
  /** Configured bays that do not hold a cartridge of the configured type, ascending. */
  mismatched_bays: number[];
};

/** Configured places whose type the cassette does not hold there (a bay may hold several cartridges; one of the type is enough). */
function missing(configured: readonly Placed[], held: readonly Placed[]): number[] {
  const heldAt = new Set(held.map((h) => `${h.place}:${h.type_id}`));
  return [...new Set(configured.filter((c) => !heldAt.has(`${c.place}:${c.type_id}`)).map((c) => c.place))].sort((a, b) => a - b);
}

export function compareCassette(configuration: CassetteContents, cassette: CassetteContents): CassetteMatch {
  const mismatched_slots = missing(configuration.modules, cassette.modules);
  const mismatched_bays = missing(configuration.cartridges, cassette.cartridges);
  return { matches: mismatched_slots.length === 0 && mismatched_bays.length === 0, mismatched_slots, mismatched_bays };
}

const places = (noun: string, list: readonly number[]) => `${noun}${list.length === 1 ? '' : 's'} ${list.join(', ')}`;

/** The places that differ, in words ("slot 2 · bays 1, 2"), or '' when the cassette matches. */
export function cassetteDifference(match: Pick<CassetteMatch, 'mismatched_slots' | 'mismatched_bays'>): string {
  const parts: string[] = [];
  if (match.mismatched_slots.length) parts.push(places('slot', match.mismatched_slots));
  if (match.mismatched_bays.length) parts.push(places('bay', match.mismatched_bays));
  return parts.join(' · ');
}
