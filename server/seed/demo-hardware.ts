import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { createProjectFromRequest } from '../services/request-project';
import { insertRequest } from '../store/requests';

/**
 * The demo projects' hardware: MC-200's configuration matches its line cassette
 * (CAS-ACME-001), SH-10's spare cassette does not match its configuration, and one request
 * (LC-8) is processed to the end and turned into a project through the same service the
 * request screens call, so its hardware shows what the request chose.
 */
export const LC8 = 'LC-8 LED driver';

async function typeId(db: Kysely<DB>, table: 'cassette_module_types' | 'cartridge_types', name: string): Promise<number | undefined> {
  return (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst())?.id;
}

async function select(db: Kysely<DB>, owner: { request_id: number | null; project_id: number | null }, modules: number[], cartridge: number | undefined) {
  const now = new Date().toISOString();
  if (modules.length) {
    await db.insertInto('selected_modules').values(modules.map((t, i) => ({ ...owner, cassette_module_type_id: t, slot: i + 1, created_at: now }))).execute();
  }
  if (cartridge !== undefined) await db.insertInto('selected_cartridges').values({ ...owner, cartridge_type_id: cartridge, bay: 1, created_at: now }).execute();
}

async function assign(db: Kysely<DB>, projectId: number, serial: string): Promise<void> {
  const cassette = await db.selectFrom('cassettes').select('id').where('serial', '=', serial).executeTakeFirst();
  if (cassette) await db.insertInto('project_cassettes').values({ project_id: projectId, cassette_id: cassette.id, created_at: new Date().toISOString() }).execute();
}

export async function seedDemoHardware(db: Kysely<DB>, files: FileStore, customer: number, superadmin: number | null): Promise<void> {
  if (await db.selectFrom('project_requests').select('id').where('company_id', '=', customer).where('projectname', '=', LC8).executeTakeFirst()) return;
  const modules = {
    dmm: await typeId(db, 'cassette_module_types', 'DMM-6.5'),
    psu: await typeId(db, 'cassette_module_types', 'PSU-2x30V'),
    gpio: await typeId(db, 'cassette_module_types', 'GPIO-32'),
    can: await typeId(db, 'cassette_module_types', 'CAN-FD-2'),
  };
  // The cartridge type with the most mapped pins: the one the demo wires.
  const cartridge = await db
    .selectFrom('pin_map')
    .innerJoin('connector_pins as cp', 'cp.id', 'pin_map.connector_pin_id')
    .select(['cp.cartridge_type_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('cp.cartridge_type_id')
    .orderBy('n', 'desc')
    .orderBy('cp.cartridge_type_id')
    .executeTakeFirst();
  const present = (ids: (number | undefined)[]) => ids.filter((id): id is number => id !== undefined);

  const projects = await db.selectFrom('projects').select(['id', 'name']).where('company_id', '=', customer).execute();
  const mc = projects.find((p) => p.name === 'Motor controller MC-200');
  const sh = projects.find((p) => p.name === 'Sensor hub SH-10');
  if (mc) {
    await select(db, { request_id: null, project_id: mc.id }, present([modules.dmm, modules.psu, modules.gpio, modules.can]), cartridge?.cartridge_type_id);
    await db.updateTable('cassette_configurations').set({ name: 'MC-200 EOL cassette', notes: 'Same modules as the line cassette in slot order.' }).where('project_id', '=', mc.id).execute();
    await assign(db, mc.id, 'CAS-ACME-001');
  }
  if (sh) {
    await select(db, { request_id: null, project_id: sh.id }, present([modules.dmm, modules.gpio]), cartridge?.cartridge_type_id);
    await db.updateTable('cassette_configurations').set({ name: 'SH-10 functional test' }).where('project_id', '=', sh.id).execute();
    await assign(db, sh.id, 'CAS-ACME-002');
  }
  if (!cartridge) return;

  // LC-8: a request a superadmin processed to its last step, then made into its project.
  const pins = await db
    .selectFrom('pin_map')
    .innerJoin('connector_pins as cp', 'cp.id', 'pin_map.connector_pin_id')
    .select(['pin_map.resource_type_id', 'cp.id', 'cp.name', 'cp.number'])
    .where('cp.cartridge_type_id', '=', cartridge.cartridge_type_id)
    .orderBy('cp.number')
    .execute();
  const wired = pins.filter((p, i) => pins.findIndex((q) => q.id === p.id) === i).slice(0, 6);
  const doc = Buffer.from('%PDF-1.4\n% LC-8 LED driver schematic\n%%EOF\n');
  const stored = await files.put(Readable.from([doc]), { name: 'LC-8_schematic.pdf', type: 'application/pdf', limit: doc.length });
  const sent = new Date(Date.now() - 9 * 86_400_000).toISOString();
  const requestId = await db.transaction().execute(async (trx) => {
    const id = await insertRequest(
      trx,
      { company_id: customer, projectname: LC8, projectdescription: 'Eight-channel constant-current LED driver with DALI dimming.', created_by: null },
      [stored.id],
      sent,
    );
    // Reviewed by the demo's superadmin, as every processed demo request is.
    await trx
      .updateTable('project_requests')
      .set({ status: 'in_progress', confirmed_step: 'mapPadGroups', reviewer_id: superadmin, review_started_at: sent })
      .where('id', '=', id)
      .execute();
    await select(trx, { request_id: id, project_id: null }, present([modules.dmm, modules.psu]), cartridge.cartridge_type_id);
    const sc = await trx.selectFrom('selected_cartridges').select('id').where('request_id', '=', id).executeTakeFirstOrThrow();
    const dmm = await trx.selectFrom('selected_modules').select('id').where('request_id', '=', id).where('slot', '=', 1).executeTakeFirst();
    for (const [i, pin] of wired.entries()) {
      const { id: group } = await trx
        .insertInto('test_pad_groups')
        .values({
          request_id: id,
          name: `${pin.name} (TP${i + 1})`,
          resource_type_id: pin.resource_type_id,
          selected_cartridge_id: sc.id,
          connector_pin_id: pin.id,
          selected_module_id: dmm?.id ?? null,
          created_at: sent,
          updated_at: sent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('test_pads')
        .values({ request_id: id, name: `TP${i + 1}`, net: pin.name, x: 10 + 6 * i, y: 12, side: 'top', diameter: 1, kind: 'pad', group_id: group, created_at: sent })
        .execute();
    }
    return id;
  });
  const made = await createProjectFromRequest(db, requestId, { name: 'LED driver LC-8' });
  await db.updateTable('cassette_configurations').set({ name: 'LC-8 as requested' }).where('project_id', '=', made.project_id!).execute();
  await assign(db, made.project_id!, 'CAS-ACME-001');
}
