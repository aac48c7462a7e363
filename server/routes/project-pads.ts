import { oneOf } from '../../contract/envelope';
import { projectPadsSchema } from '../../contract/project-pads';
import { defineRoutes } from '../http/route';
import { projectPads } from '../services/project-pads';

/** The project's board for its pogo-board drawing: whoever sees the project reads it. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/projects/:id/pads',
    summary: "The project's test pads with their pad group, pin and steps",
    description:
      'Every test pad of the request the project was made from (x, y, side, diameter, kind, name, net, probe; none for a project not made from one), ' +
      'its pad group, the test resources wired to each group (cartridge type, bay, connector pin), and the steps that measure them: ' +
      'the active profile’s, and the other profiles’ by step name. Normalised: a pad names its `group_id`, a group its `test_resource_ids`, a step its `test_resource_ids`.',
    access: 'read',
    scope: 'project',
    response: oneOf(projectPadsSchema),
    handler: async ({ row }) => ({ data: await projectPads(db, row) }),
  });
});
