import type { PadGroupMapping } from '../../contract/requests';

/**
 * Where a signal is wired: the selected cartridge's connector pin, and the selected module
 * driving it. A request's pad group (`test_pad_groups`) and a project's test resource
 * (`test_resources`, copied from the mapped groups) read it with the same joins, aliased
 * `sc`, `ct`, `cp`, `pt`, `sm`, `mt`, and these columns.
 */
export const PIN_MAPPING_COLUMNS = [
  'sc.id as sc_id',
  'sc.bay as sc_bay',
  'ct.id as ct_id',
  'ct.name as ct_name',
  'cp.id as cp_id',
  'cp.number as cp_number',
  'cp.name as cp_name',
  'pt.id as pt_id',
  'pt.name as pt_name',
  'sm.id as sm_id',
  'sm.slot as sm_slot',
  'mt.id as mt_id',
  'mt.name as mt_name',
] as const;

/** The columns above as read: the cartridge and pin may be missing (an unmapped group). */
type MappingRow = {
  sc_id: number | null;
  sc_bay: number | null;
  ct_id: number | null;
  ct_name: string | null;
  cp_id: number | null;
  cp_number: number | null;
  cp_name: string | null;
  pt_id: number | null;
  pt_name: string | null;
  sm_id: number | null;
  sm_slot: number | null;
  mt_id: number | null;
  mt_name: string | null;
};

/** The mapping of a row, or null when it names no cartridge pin. */
export function pinMappingOf(r: MappingRow): PadGroupMapping | null {
  if (r.sc_id === null || r.sc_bay === null || r.ct_id === null || r.ct_name === null || r.cp_id === null || r.cp_number === null || r.cp_name === null) {
    return null;
  }
  return {
    selected_cartridge: { id: r.sc_id, bay: r.sc_bay, cartridge_type: { id: r.ct_id, name: r.ct_name } },
    connector_pin: { id: r.cp_id, number: r.cp_number, name: r.cp_name, pin_type: r.pt_id !== null && r.pt_name !== null ? { id: r.pt_id, name: r.pt_name } : null },
    selected_module:
      r.sm_id !== null && r.sm_slot !== null && r.mt_id !== null && r.mt_name !== null
        ? { id: r.sm_id, slot: r.sm_slot, module_type: { id: r.mt_id, name: r.mt_name } }
        : null,
  };
}
