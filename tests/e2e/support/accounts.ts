/** The superadmin the e2e server is started with (playwright.config.ts passes it as env). */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password-1' };

/** A demo company user seeded by SEED_DEMO=1 (server/seed/demo.ts). */
export const DEMO_ENGINEER = { username: 'acme-engineer', password: 'jigboard-demo', company: 'Acme Electronics' };

/** The demo company admin (server/seed/demo.ts): sees Acme's projects, batches and statistics. */
export const DEMO_ADMIN = { username: 'acme-admin', password: 'jigboard-demo', company: 'Acme Electronics' };

/** The demo operator (server/seed/demo.ts): a company user with no business in /manage. */
export const DEMO_OPERATOR = { username: 'acme-operator', password: 'jigboard-demo', company: 'Acme Electronics' };
