import {
  enclosureCreateInput,
  enclosureListQuery,
  enclosureProvisionedSchema,
  enclosureProvisioningQuery,
  enclosureSchema,
  enclosureUpdateInput,
} from '../../contract/enclosures';
import { oneOf, pageOf } from '../../contract/envelope';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import { addEnclosure, changeEnclosure, enclosure, enclosures, moveProvisioning, removeEnclosure } from '../services/enclosures';

/**
 * Enclosures (jigs), managed by the platform's operators (SPEC §7, `/manage/enclosures`). No
 * scope: the /manage area is the superadmin's; everyone else gets a 403.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/enclosures',
    summary: 'Enclosures (jigs)',
    description: 'Sorted by serial unless said; searched over serial and name; filtered by `company_id` and `provisioning`.',
    access: 'platform',
    query: enclosureListQuery,
    response: pageOf(enclosureSchema),
    handler: async ({ query }) => enclosures(db, query),
  });

  route({
    method: 'POST',
    url: '/enclosures',
    summary: 'Register an enclosure (unprovisioned)',
    description: 'A new jig holds no secret: provision it (`PUT /enclosures/{id}?provisioning=provisioned`) to get one.',
    access: 'platform',
    body: enclosureCreateInput,
    status: 201,
    response: oneOf(enclosureSchema),
    handler: async ({ body }) => ({ data: await addEnclosure(db, body) }),
  });

  route({
    method: 'GET',
    url: '/enclosures/:id',
    summary: 'One enclosure',
    description: 'Never shows the secret or the signature: they are answered once, when the jig is provisioned.',
    access: 'platform',
    response: oneOf(enclosureSchema),
    handler: async ({ request }) => ({ data: await enclosure(db, idOf(request.params)) }),
  });

  route({
    method: 'POST',
    url: '/enclosures/:id',
    summary: "Edit an enclosure's serial, name or company",
    description: 'The serial changes only while the jig is unprovisioned (its signature is made over it): 422 on `serial` otherwise.',
    access: 'platform',
    body: enclosureUpdateInput,
    response: oneOf(enclosureSchema),
    handler: async ({ request, body }) => ({ data: await changeEnclosure(db, idOf(request.params), body) }),
  });

  route({
    method: 'PUT',
    url: '/enclosures/:id',
    summary: "Move an enclosure's provisioning state",
    description:
      'Allowed: unprovisioned → provisioned, provisioned → revoked, revoked → provisioned; any other move → 409. ' +
      'Provisioning makes a new secret and answers it with the signature (HMAC-SHA256 of the serial, hex) in ' +
      '`credentials`, once: only sha256 of the signature is stored. A revoked jig is refused (401) from then on.',
    access: 'platform',
    query: enclosureProvisioningQuery,
    response: enclosureProvisionedSchema,
    handler: async ({ request, query }) => ({ data: await moveProvisioning(db, idOf(request.params), query.provisioning) }),
  });

  platformDeleteRoute(route, {
    url: '/enclosures/:id',
    summary: 'Delete an enclosure',
    refusedWhen: 'while a device report names the jig (revoke it instead)',
    access: 'platform',
    remove: (id, log) => removeEnclosure(db, id, log),
  });
});
