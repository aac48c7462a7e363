import '../../../../server/store/enclosure-settings';
import { next, resourceAccess } from '../access-world';

/** A company's jigs: Alpha's settings of the world's jig, scoped to Alpha. */
export default resourceAccess({
  setup: async (t, w) => {
    const row = await t.db
      .selectFrom('enclosure_settings')
      .where('enclosure_id', '=', w.production.jig.id)
      .where('company_id', '=', w.ids.company)
      .select('id')
      .executeTakeFirstOrThrow();
    return { setting: row.id };
  },
  routes: {
    'GET /companies/:id/enclosuresettings': { access: 'read', scope: 'company', sample: () => ({ query: 'status=offline' }) },
    'GET /enclosuresettings/:id': { access: 'read', scope: 'enclosureSetting', sample: (_t, _w, own) => ({ id: own.setting }) },
    'PATCH /enclosuresettings/:id': {
      access: 'jigs.edit',
      scope: 'enclosureSetting',
      sample: (_t, w, own) => ({ id: own.setting, body: { location: `Matrix bay ${next()}`, project_id: w.ids.project } }),
    },
  },
});
