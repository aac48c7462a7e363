import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import '../store/enclosure-settings';

const MINUTE = 60 * 1000;

/**
 * What Acme calls its jigs, where they stand and what they test (`/enclosures`): the line jigs
 * of demo-production.ts and the others of demo-enclosures.ts, whose settings rows were made when
 * they got their company. Two line jigs were seen minutes ago (online), the others not lately
 * (offline), so the list shows both; the demo ages like any data (15 minutes on, all are offline
 * until a jig reports: README "Feed it a report").
 */
const SETTINGS: { serial: string; name: string; location: string; project: string | null; seenMinutesAgo?: number }[] = [
  { serial: 'JB-1001', name: 'EOL tester A', location: 'Hall 2 · Line 1, station 4', project: 'Motor controller MC-200', seenMinutesAgo: 2 },
  { serial: 'JB-1002', name: 'EOL tester B', location: 'Hall 2 · Line 1, station 5', project: 'Motor controller MC-200', seenMinutesAgo: 6 },
  { serial: 'JB-1003', name: 'Sensor hub tester', location: 'Hall 2 · Line 2, station 2', project: 'Sensor hub SH-10', seenMinutesAgo: 52 },
  { serial: 'JB-1004', name: 'Rework bench', location: 'Hall 3 · Rework area', project: null, seenMinutesAgo: 26 * 60 },
  { serial: 'JB-1005', name: 'Line jig C (arriving)', location: 'Goods in', project: 'Motor controller MC-200' },
  { serial: 'JB-0990', name: 'Prototype jig', location: 'Store room', project: null },
];

export async function seedDemoEnclosureSettings(db: Kysely<DB>, customer: number): Promise<void> {
  const now = Date.now();
  const projects = new Map(
    (await db.selectFrom('projects').where('company_id', '=', customer).select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
  );
  for (const s of SETTINGS) {
    const jig = await db.selectFrom('enclosures').where('serial', '=', s.serial).where('company_id', '=', customer).select('id').executeTakeFirst();
    if (!jig) continue;
    await db
      .updateTable('enclosure_settings')
      .set({ name: s.name, location: s.location, project_id: s.project ? (projects.get(s.project) ?? null) : null })
      .where('enclosure_id', '=', jig.id)
      .where('company_id', '=', customer)
      .execute();
    if (s.seenMinutesAgo !== undefined) {
      await db
        .updateTable('enclosures')
        .set({ last_seen_at: new Date(now - s.seenMinutesAgo * MINUTE).toISOString() })
        .where('id', '=', jig.id)
        .execute();
    }
  }
}
