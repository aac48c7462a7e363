import { insertGoldenUnit } from '../../../../server/store/golden-units';
import { next, resourceAccess } from '../access-world';
import type { TestApp } from '../test-app';

/** Readiness, golden units, the fixture policy and held reports: Alpha's, on the world's project. */
const addUnit = (t: TestApp, project: number) => insertGoldenUnit(t.db, project, { serial: `MX-GOLD-${next()}`, kind: 'good', fails_step: null });

export default resourceAccess({
  setup: async (t, w) => ({ unit: await addUnit(t, w.ids.project) }),
  routes: {
    'GET /jig-readiness': { access: 'company.read', sample: (_t, w) => ({ query: `company_id=${w.ids.company}&not_ready=true` }) },
    'GET /fixture-policy': { access: 'company.read', sample: (_t, w) => ({ query: `company_id=${w.ids.company}` }) },
    'PUT /fixture-policy': { access: 'company.manage', sample: (_t, w) => ({ query: `company_id=${w.ids.company}`, body: { policy: 'warn' } }) },
    'GET /projects/:id/golden-units': { access: 'read', scope: 'project', sample: (_t, w) => ({ id: w.ids.project }) },
    'POST /projects/:id/golden-units': { access: 'production.edit', scope: 'project', sample: (_t, w) => ({ id: w.ids.project, body: { serial: `MX-GOLD-${next()}`, kind: 'bad', fails_step: 'VCC' } }) },
    'PATCH /golden-units/:id': { access: 'production.edit', scope: 'goldenUnit', sample: (_t, _w, own) => ({ id: own.unit, body: { kind: 'good' } }) },
    'DELETE /golden-units/:id': { access: 'production.edit', scope: 'goldenUnit', sample: async (t, w) => ({ id: await addUnit(t, w.ids.project) }) },
    'GET /projects/:id/golden-window': { access: 'read', scope: 'project', sample: (_t, w) => ({ id: w.ids.project }) },
    'PUT /projects/:id/golden-window': { access: 'production.edit', scope: 'project', sample: (_t, w) => ({ id: w.ids.project, body: { window_hours: 24 } }) },
    'GET /projects/:id/held-reports': { access: 'read', scope: 'project', sample: (_t, w) => ({ id: w.ids.project, query: 'state=held' }) },
    'POST /projects/:id/held-reports/release': { access: 'production.edit', scope: 'project', sample: (_t, w) => ({ id: w.ids.project, body: { report_ids: [1] } }) },
    'POST /projects/:id/held-reports/discard': { access: 'production.edit', scope: 'project', sample: (_t, w) => ({ id: w.ids.project, body: { report_ids: [1] } }) },
  },
});
