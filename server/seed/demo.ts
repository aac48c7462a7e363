import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { seedCompany, type SeedCompany } from './companies';

export const DEFAULT_DEMO_PASSWORD = 'jigboard-demo';

/** A customer and the manufacturer that builds its boards, with one login per role to try. */
export const DEMO_COMPANIES: SeedCompany[] = [
  {
    name: 'Acme Electronics',
    type: 'customer',
    users: [
      { username: 'acme-admin', roles: ['admin'] },
      { username: 'acme-engineer', roles: ['engineer'] },
      { username: 'acme-operator', roles: ['operator'] },
    ],
  },
  {
    name: 'Voltline Assembly',
    type: 'manufacturer',
    users: [{ username: 'voltline-admin', roles: ['admin'] }],
  },
];

export const DEMO_USERNAMES = DEMO_COMPANIES.flatMap((c) => c.users.map((u) => u.username));

/** Later issues add the demo projects, batches and devices here, after the companies. */
export async function seedDemo(db: Kysely<DB>, password: string): Promise<void> {
  for (const company of DEMO_COMPANIES) await seedCompany(db, company, password);
}
