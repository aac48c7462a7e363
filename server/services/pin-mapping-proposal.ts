import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { proposePinMapping, type MappingPick, type MappingProposal, type mappingProposalApplyInput } from '../../contract/pin-mapping';
import type { TestPadGroup } from '../../contract/requests';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { groupNets, listGroups } from '../store/request-groups';
import { listSelectedModules } from '../store/request-hardware';
import { lockEditableRequest, REQUEST_NOT_FOUND } from '../store/request-lock';
import { requestCompany } from '../store/requests';
import { mapPadGroups, wireAll } from './request-groups';
import { requestCapacity } from './request-views';

/**
 * The map step's proposal (contract/pin-mapping.ts) for a request's unmapped groups: a dry run
 * that changes nothing, and an apply that wires the proposal (or the caller's edit of it) with
 * the same checks as mapping by hand.
 */

async function propose(db: Kysely<DB>, requestId: number): Promise<MappingPick[]> {
  const [groups, nets, capacity, modules] = [
    await listGroups(db, requestId),
    await groupNets(db, requestId),
    await requestCapacity(db, requestId),
    await listSelectedModules(db, requestId),
  ];
  return proposePinMapping({
    groups: groups.filter((g) => !g.mapping).map((g) => ({ id: g.id, name: g.name, resource_type: g.resource_type, nets: nets.get(g.id) ?? [] })),
    resource_types: capacity.resource_types,
    modules,
  });
}

export async function pinMappingProposal(db: Kysely<DB>, requestId: number): Promise<MappingProposal> {
  if ((await requestCompany(db, requestId)) === undefined) throw notFound(REQUEST_NOT_FOUND);
  return { picks: await propose(db, requestId) };
}

/**
 * With `mappings`, wires the caller's list (an edited proposal) as `PATCH map_pad_groups` does.
 * Without, proposes under the request's lock and wires every pick that has a pin, so the
 * proposal is made from the state it is written to; the picks without a pin come back unplaced.
 */
export async function applyPinMappingProposal(
  db: Kysely<DB>,
  requestId: number,
  input: z.output<typeof mappingProposalApplyInput>,
): Promise<{ mapped: TestPadGroup[]; unplaced: MappingPick[] }> {
  if (input.mappings) return { mapped: await mapPadGroups(db, requestId, { mappings: input.mappings }), unplaced: [] };
  const picks = await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    const proposed = await propose(trx, requestId);
    const mappings = proposed.flatMap((p) =>
      p.pin
        ? [{ group_id: p.group.id, selected_cartridge_id: p.pin.selected_cartridge.id, connector_pin_id: p.pin.connector_pin.id, selected_module_id: p.selected_module?.id ?? null }]
        : [],
    );
    await wireAll(trx, requestId, mappings);
    return proposed;
  });
  const wired = new Set(picks.filter((p) => p.pin).map((p) => p.group.id));
  return { mapped: (await listGroups(db, requestId)).filter((g) => wired.has(g.id)), unplaced: picks.filter((p) => !p.pin) };
}
