import { resourceAccess } from '../access-world';
import type { TestApp } from '../test-app';

/** An alert rule of the world's project, straight into its table (the routes' own rows). */
async function insertRule(t: TestApp, projectId: number): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto('alert_rules')
    .values({ project_id: projectId, kind: 'calibration_due', params: JSON.stringify({ days: 30 }), enabled: 1, email: 0, created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Alert rules: the project's (members read them, the company's engineers and admins change them); a round at once is the platform's. */
export default resourceAccess({
  setup: async (t, w) => ({ rule: await insertRule(t, w.ids.project) }),
  routes: {
    'GET /projects/:id/alert-rules': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/alert-rules': {
      access: 'production.edit',
      scope: 'project',
      sample: () => ({ body: { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 100 } } }),
    },
    'PATCH /alert-rules/:id': { access: 'production.edit', scope: 'alertRule', sample: (_t, _w, own) => ({ id: own.rule, body: { email: true } }) },
    // A fresh rule per call: each allowed caller deletes one.
    'DELETE /alert-rules/:id': { access: 'production.edit', scope: 'alertRule', sample: async (t, w) => ({ id: await insertRule(t, w.ids.project) }) },
    'GET /projects/:id/alerts': { access: 'read', scope: 'project', sample: () => ({ query: 'state=firing' }) },
    'POST /manage/alerts/evaluate': { access: 'platform', sample: () => ({}) },
  },
});
