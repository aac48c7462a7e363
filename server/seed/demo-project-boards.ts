import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { mc300Pads } from './demo-board';
import { DEMO_STEP_NETS } from './demo-test-profiles';

/**
 * MC-200's board, as if the project had been made from a processed request (it predates the
 * request screens): the motor controller's test pads (the MC-300 board's layout, its sibling), a
 * pad group per net its end-of-line steps measure, each wired to a pin of the project's
 * cartridge as a test resource, so its profiles' steps name their pads and its hardware tab
 * draws the board. Runs after the hardware demo (the cartridge) and before the steps are linked.
 */
const MC200 = 'Motor controller MC-200';

/** The resource type each net's pin should serve, by the demo's resource type names; any mapped pin else. */
function wantedType(net: string): string {
  if (/^\+\d|VBAT|PHASE|TEMP|VREF/.test(net)) return 'Voltage sense';
  if (/SENSE|ISNS/.test(net)) return 'Current sense';
  if (/CAN|SWD|SWCLK/.test(net)) return 'Communication bus';
  return 'Digital I/O';
}

export async function seedDemoProjectBoards(db: Kysely<DB>, customer: number, superadmin: number | null): Promise<void> {
  const project = await db.selectFrom('projects').select(['id', 'request_id']).where('company_id', '=', customer).where('name', '=', MC200).executeTakeFirst();
  if (!project || project.request_id !== null) return;
  const cartridge = await db.selectFrom('selected_cartridges').select(['id', 'cartridge_type_id']).where('project_id', '=', project.id).orderBy('bay').executeTakeFirst();
  if (!cartridge) return;
  const pins = await db
    .selectFrom('pin_map')
    .innerJoin('connector_pins as cp', 'cp.id', 'pin_map.connector_pin_id')
    .innerJoin('resource_types as rt', 'rt.id', 'pin_map.resource_type_id')
    .select(['cp.id', 'cp.number', 'rt.id as type_id', 'rt.name as type_name'])
    .where('cp.cartridge_type_id', '=', cartridge.cartridge_type_id)
    .orderBy('cp.number')
    .execute();
  const nets = [...new Set(Object.values(DEMO_STEP_NETS).flatMap((steps) => Object.values(steps).flat()))];
  const at = new Date(Date.now() - 60 * 86_400_000).toISOString();

  await db.transaction().execute(async (trx) => {
    const { id: requestId } = await trx
      .insertInto('project_requests')
      .values({
        company_id: customer,
        projectname: MC200,
        projectdescription: 'Three-phase BLDC motor controller, 48 V, CAN and encoder interface.',
        status: 'completed',
        confirmed_step: 'mapPadGroups',
        project_id: project.id,
        reviewer_id: superadmin,
        review_started_at: at,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('test_pads')
      .values(mc300Pads().map((pad) => ({ request_id: requestId, ...pad, created_at: at })))
      .execute();
    const used = new Set<number>();
    for (const net of nets) {
      const pin = pins.find((p) => !used.has(p.id) && p.type_name === wantedType(net)) ?? pins.find((p) => !used.has(p.id));
      if (!pin) break;
      used.add(pin.id);
      const { id: group } = await trx
        .insertInto('test_pad_groups')
        .values({
          request_id: requestId,
          name: net,
          resource_type_id: pin.type_id,
          selected_cartridge_id: cartridge.id,
          connector_pin_id: pin.id,
          selected_module_id: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('test_pads').set({ group_id: group }).where('request_id', '=', requestId).where('net', '=', net).execute();
      await trx
        .insertInto('test_resources')
        .values({
          project_id: project.id,
          selected_cartridge_id: cartridge.id,
          connector_pin_id: pin.id,
          resource_type_id: pin.type_id,
          selected_module_id: null,
          name: net,
          test_pad_group_id: group,
          created_at: at,
        })
        .execute();
    }
    await trx.updateTable('projects').set({ request_id: requestId }).where('id', '=', project.id).execute();
  });
}
