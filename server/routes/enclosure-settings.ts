import { enclosureSettingListQuery, enclosureSettingSchema, enclosureSettingUpdateInput } from '../../contract/enclosure-settings';
import { oneOf, pageOf } from '../../contract/envelope';
import { defineRoutes } from '../http/route';
import { changeEnclosureSetting, companyEnclosureSettings, enclosureSetting } from '../services/enclosure-settings';

/**
 * A company's jigs (SPEC §7 enclosuresettings, the `/enclosures` screens): its own settings of
 * each jig it has, with the jig's facts. Another company's setting is a 404; a superadmin reads
 * any company's.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies/:id/enclosuresettings',
    summary: "A company's jigs, with its settings of each",
    description:
      'By name unless sorted; searched over name, serial and location; `status=online|offline` (seen in the last ' +
      '15 minutes or not) and `provisioning` filter. Each row carries its reports per UTC day over the last 30 days.',
    access: 'read',
    scope: 'company',
    query: enclosureSettingListQuery,
    response: pageOf(enclosureSettingSchema),
    handler: async ({ row, query }) => companyEnclosureSettings(db, row.id, query),
  });

  route({
    method: 'GET',
    url: '/enclosuresettings/:id',
    summary: "One of a company's jigs, with its settings",
    access: 'read',
    scope: 'enclosureSetting',
    response: oneOf(enclosureSettingSchema),
    handler: async ({ row }) => ({ data: await enclosureSetting(db, row) }),
  });

  route({
    method: 'PATCH',
    url: '/enclosuresettings/:id',
    summary: "Change the company's name, location or project of a jig",
    description: 'A project of another company (or none such) → 422 on `project_id`; `project_id: null` clears it.',
    access: 'jigs.edit',
    scope: 'enclosureSetting',
    body: enclosureSettingUpdateInput,
    response: oneOf(enclosureSettingSchema),
    handler: async ({ row, body }) => ({ data: await changeEnclosureSetting(db, row, body) }),
  });
});
