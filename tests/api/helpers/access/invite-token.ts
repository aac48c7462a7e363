import { next, resourceAccess } from '../access-world';
import { createInvite, registration } from '../invites';

export default resourceAccess({
  routes: {
    // A link of its own: the matrix resends the world's invitation, which replaces its token.
    'GET /invites': { access: 'public', sample: async (t, w) => ({ query: `token=${encodeURIComponent((await createInvite(t, w.ids.project, {}, 'root')).token)}` }) },
    'POST /invites': {
      access: 'public',
      sample: async (t, w) => {
        const invite = await createInvite(t, w.ids.project, {}, 'root');
        return { query: `token=${encodeURIComponent(invite.token)}`, body: registration(`matrix-${next()}`) };
      },
    },
  },
});
