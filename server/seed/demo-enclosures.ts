import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createEnclosure, newJigSecret } from '../store/enclosures';

/**
 * Jigs in every provisioning state beside the demo's provisioned line jigs (demo-production.ts,
 * JB-1001…JB-1004, whose public demo secrets keep working): two registered but not provisioned
 * yet, one spare provisioned for the manufacturer, and a retired one revoked. Their secrets are
 * random and thrown away, as a real provisioning's would be once shown.
 */
export async function seedDemoEnclosures(db: Kysely<DB>, companies: { customer: number; manufacturer: number }): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const jigs = [
    { serial: 'JB-1005', name: 'MC-200 line jig C', company_id: companies.customer, provisioning: 'unprovisioned' as const },
    { serial: 'JB-1006', name: 'Spare bench (unassigned)', company_id: null, provisioning: 'unprovisioned' as const },
    { serial: 'JB-2001', name: 'Voltline incoming inspection', company_id: companies.manufacturer, provisioning: 'provisioned' as const },
    { serial: 'JB-0990', name: 'Retired prototype jig', company_id: companies.customer, provisioning: 'revoked' as const, seen: 40 * day },
  ];
  for (const { seen, ...jig } of jigs.map((j) => ({ seen: undefined as number | undefined, ...j }))) {
    const id = await createEnclosure(db, { ...jig, secret: newJigSecret(), firmware_version: jig.provisioning === 'unprovisioned' ? null : '2.2.0' });
    if (seen) await db.updateTable('enclosures').set({ last_seen_at: new Date(Date.now() - seen).toISOString() }).where('id', '=', id).execute();
  }
  return jigs.length;
}
