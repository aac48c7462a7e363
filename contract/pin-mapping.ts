import { z } from 'zod';
import type { AmsType } from './cassette-module-types';
import { familyLabel, moduleNeed } from './module-families';
import { isDebugName, isGeneralName, isGroundName, plainName, railOf, wordsOf, type Rail } from './pin-names';
import { mapPadGroupsInput, padGroupMappingSchema, testPadGroupSchema } from './requests';

/**
 * The pin mapping proposal: for each unmapped pad group of a request, the connector pin of a
 * selected cartridge that fits it best, the module that drives it, and why, in words a person
 * reads. Pure: the server feeds it the request's groups (with their nets), the pins the pin map
 * gives each resource type (the capacity answer) and the selected modules.
 *
 * A pin fits a group, best first:
 *  0. it is named for the group: the same net (`CAN_H`), the same rail (`VCC_3V3` for `+3V3`),
 *     a ground pin for a ground net;
 *  1. it shares a word with the group's name or nets (`I2C_SDA` for net `SDA`);
 *  2. a general pin, named for no function (`GPIO7`, `AIN3`), or a power pin naming no rail;
 *  3. a pin named for another function (`UART_TX` for an unnamed net);
 *  4. a debug or programming pin (`SWDIO`, `NRST`, `TCK`): only once no pin above is free.
 * Never: a supply on another rail's pin (nor one whose rail the group does not name), a signal
 * or ground on a rail's pin, anything but ground on a ground pin, a supply on a debug pin.
 * Groups take pins best fit first across all groups, so a group named for a pin gets it before
 * another group takes it as a general pin; ties go by group name, then bay and pin number.
 */

const named = z.object({ id: z.number().int(), name: z.string() });

export const mappingPickSchema = z.object({
  group: named,
  resource_type: named,
  /** The proposed pin, or null when none fits (the reason says why). */
  pin: z
    .object({ selected_cartridge: padGroupMappingSchema.shape.selected_cartridge, connector_pin: padGroupMappingSchema.shape.connector_pin })
    .nullable(),
  selected_module: padGroupMappingSchema.shape.selected_module,
  /** Why this pin, or why none. */
  reason: z.string(),
  /** Why this module, or why none. */
  module_reason: z.string(),
});
export type MappingPick = z.infer<typeof mappingPickSchema>;

/** `GET /requests/{id}/map_pad_groups/proposal`: a pick per unmapped group, by group name. */
export const mappingProposalSchema = z.object({ picks: z.array(mappingPickSchema) });
export type MappingProposal = z.infer<typeof mappingProposalSchema>;

/**
 * `POST /requests/{id}/map_pad_groups/proposal`: without `mappings`, the proposal as the dry run
 * would answer it now is applied (its groups with a pin); with them, the caller's edited list is
 * applied instead, checked as `PATCH /requests/{id}/map_pad_groups` checks it.
 */
export const mappingProposalApplyInput = z.object({ mappings: mapPadGroupsInput.shape.mappings.optional() });
export type MappingProposalApplyInput = z.input<typeof mappingProposalApplyInput>;

export const mappingProposalAppliedSchema = z.object({
  /** The groups wired, by name. */
  mapped: z.array(testPadGroupSchema),
  /** The proposal's groups that no pin fits (empty when the caller sent the list). */
  unplaced: z.array(mappingPickSchema),
});

type Pin = NonNullable<MappingPick['pin']> & { used_by_group: { id: number; name: string } | null };
export type ProposalGroup = { id: number; name: string; resource_type: { id: number; name: string }; nets: string[] };
export type ProposalModule = { id: number; slot: number; module_type: { id: number; name: string; ams_type: AmsType } };
export type ProposalInput = {
  /** The groups to place (the unmapped ones). */
  groups: readonly ProposalGroup[];
  /** Per resource type, the pins of the selected cartridges its pin map lists, with who uses each. */
  resource_types: readonly { resource_type: { id: number }; pins: readonly Pin[] }[];
  modules: readonly ProposalModule[];
};

type Fit = { rank: number; overlap: number; why: string };
type Refusal = { kind: 'rail' | 'ground' | 'debug'; pin: string };

const pinKey = (pin: Pin) => `${pin.selected_cartridge.id}:${pin.connector_pin.id}`;
const list = (names: string[]) => {
  const unique = [...new Set(names)];
  return unique.length <= 4 ? unique.join(', ') : `${unique.slice(0, 4).join(', ')} and ${unique.length - 4} more`;
};

/** What the group's resource type, name and nets say it is. */
function factsOf(group: ProposalGroup) {
  const names = [...group.nets, group.name];
  const railSource = names.find((n) => railOf(n) && !isGroundName(n));
  const ground = /ground|return/i.test(group.resource_type.name) || isGroundName(group.name) || (group.nets.length > 0 && group.nets.every(isGroundName));
  const rail: Rail | null = railSource ? railOf(railSource) : null;
  const supply = !ground && (/power|rail|supply/i.test(group.resource_type.name) || rail !== null);
  return { names, rail, railSource, ground, supply, words: new Set(names.flatMap(wordsOf)) };
}
type Facts = ReturnType<typeof factsOf>;

/** How well the pin fits the group, or why it must not carry it. */
function fit(group: ProposalGroup, facts: Facts, pin: Pin): Fit | Refusal {
  const name = pin.connector_pin.name;
  const type = pin.connector_pin.pin_type?.name ?? 'untyped';
  const ground = isGroundName(name) || /ground/i.test(type);
  const rail = ground ? null : railOf(name);
  const exact = facts.names.find((n) => plainName(n) !== '' && plainName(n) === plainName(name));
  if (ground) return facts.ground ? { rank: 0, overlap: 0, why: `${name} is a ground pin, for the ground net of “${group.name}”.` } : { kind: 'ground', pin: name };
  if (rail) {
    if (facts.supply && facts.rail?.key === rail.key) {
      return { rank: 0, overlap: 0, why: `${name} is the ${rail.label} rail’s pin, the rail of ${facts.railSource === group.name ? `“${group.name}”` : `net ${facts.railSource}`}.` };
    }
    return { kind: 'rail', pin: name };
  }
  if (exact) return { rank: 0, overlap: 0, why: `${name} is named after ${exact === group.name ? `“${group.name}”` : `net ${exact}`}.` };
  const shared = wordsOf(name).filter((w) => facts.words.has(w));
  if (isDebugName(name)) return facts.supply || facts.ground ? { kind: 'debug', pin: name } : { rank: 4, overlap: 0, why: '' };
  if (shared.length) return { rank: 1, overlap: shared.length, why: `${name} shares “${shared[0]}” with “${group.name}”’s name or nets.` };
  if (/power|supply/i.test(type)) {
    return facts.supply
      ? { rank: 2, overlap: 0, why: `${name} is a free ${type} pin that names no rail of its own.` }
      : { rank: 3, overlap: 0, why: `${name} is a ${type} pin the pin map gives ${group.resource_type.name}; no general pin was free.` };
  }
  if (isGeneralName(name)) return { rank: 2, overlap: 0, why: `${name} is a free general ${type} pin; no pin is named for “${group.name}”.` };
  return { rank: 3, overlap: 0, why: `${name} was the first free ${type} pin; it is named for another function, and no general pin was free.` };
}

/** Why no pin fits, from what each candidate was refused for. */
function unplacedReason(group: ProposalGroup, facts: Facts, pins: readonly Pin[], refusals: Refusal[], lost: string[]): string {
  if (!pins.length) return `No selected cartridge has a pin for ${group.resource_type.name}: add a cartridge whose pins its pin map lists.`;
  if (lost.length) return `The pins that fit (${list(lost)}) went to groups that fit them better: add a cartridge, or choose a pin by hand.`;
  const rails = refusals.filter((r) => r.kind === 'rail').map((r) => r.pin);
  if (facts.supply && rails.length) {
    return facts.rail
      ? `No free pin carries ${facts.rail.label}: ${list(rails)} ${rails.length === 1 ? 'is another rail' : 'are other rails'}. Add a cartridge with a ${facts.rail.label} pin, or choose by hand.`
      : `“${group.name}” names no voltage, and the free power pins are rails of their own (${list(rails)}): choose its pin by hand.`;
  }
  if (refusals.length) {
    return `The free pins for ${group.resource_type.name} (${list(refusals.map((r) => r.pin))}) are kept for supplies, ground or programming: choose by hand.`;
  }
  return `Every pin for ${group.resource_type.name} is taken by another group: add a cartridge, or unmap a group.`;
}

/** The module that drives the group: the first selected module (by slot) of the family its resource type needs. */
function moduleFor(group: ProposalGroup, modules: readonly ProposalModule[]): Pick<MappingPick, 'selected_module' | 'module_reason'> {
  const need = moduleNeed(group.resource_type.name, [...group.nets, group.name]);
  if (need.kind === 'none') return { selected_module: null, module_reason: need.why };
  if (need.kind === 'unknown') {
    return { selected_module: null, module_reason: `“${group.resource_type.name}” names no instrument; choose a module by hand if it needs one.` };
  }
  for (const family of need.families) {
    const module = [...modules].sort((a, b) => a.slot - b.slot).find((m) => m.module_type.ams_type === family);
    if (module) {
      return {
        selected_module: { id: module.id, slot: module.slot, module_type: { id: module.module_type.id, name: module.module_type.name } },
        module_reason: `${module.module_type.name} (slot ${module.slot}) is the selected ${familyLabel(family)} module, which ${group.resource_type.name} needs.`,
      };
    }
  }
  const wanted = need.families.map(familyLabel).join(' or ');
  return { selected_module: null, module_reason: `${group.resource_type.name} needs a ${wanted} module and none is selected: add one in the modules step.` };
}

export function proposePinMapping(input: ProposalInput): MappingPick[] {
  const groups = [...input.groups].sort((a, b) => a.name.localeCompare(b.name));
  const facts = groups.map(factsOf);
  const pinsOf = (group: ProposalGroup) => input.resource_types.find((l) => l.resource_type.id === group.resource_type.id)?.pins ?? [];

  const candidates: { group: number; pin: Pin; fit: Fit }[] = [];
  const refusals: Refusal[][] = groups.map(() => []);
  groups.forEach((group, g) => {
    for (const pin of pinsOf(group)) {
      if (pin.used_by_group) continue;
      const judged = fit(group, facts[g], pin);
      if ('kind' in judged) refusals[g].push(judged);
      else candidates.push({ group: g, pin, fit: judged });
    }
  });
  candidates.sort(
    (a, b) =>
      a.fit.rank - b.fit.rank ||
      b.fit.overlap - a.fit.overlap ||
      a.group - b.group ||
      a.pin.selected_cartridge.bay - b.pin.selected_cartridge.bay ||
      a.pin.connector_pin.number - b.pin.connector_pin.number,
  );

  const chosen = new Map<number, { pin: Pin; fit: Fit }>();
  const taken = new Set<string>();
  for (const c of candidates) {
    if (chosen.has(c.group) || taken.has(pinKey(c.pin))) continue;
    chosen.set(c.group, c);
    taken.add(pinKey(c.pin));
  }

  return groups.map((group, g) => {
    const pick = chosen.get(g);
    const base = { group: { id: group.id, name: group.name }, resource_type: group.resource_type, ...moduleFor(group, input.modules) };
    if (!pick) {
      const lost = candidates.filter((c) => c.group === g).map((c) => c.pin.connector_pin.name);
      return { ...base, pin: null, reason: unplacedReason(group, facts[g], pinsOf(group), refusals[g], lost) };
    }
    const { selected_cartridge, connector_pin } = pick.pin;
    const debug = candidates.filter((c) => c.group === g && c.fit.rank === 4).map((c) => c.pin.connector_pin.name);
    const reason =
      pick.fit.rank === 4
        ? debugReason(pick.pin, refusals[g])
        : pick.fit.rank >= 2 && debug.length
          ? `${pick.fit.why} The debug pins (${list(debug)}) stay free for programming.`
          : pick.fit.why;
    return { ...base, pin: { selected_cartridge, connector_pin }, reason };
  });
}

function debugReason(pin: Pin, refusals: Refusal[]): string {
  const note = refusals.length ? ` (${list(refusals.map((r) => r.pin))} carry supplies or ground)` : '';
  return `Only debug pins were free${note}: ${pin.connector_pin.name} is one; free a general pin to keep it for programming.`;
}
