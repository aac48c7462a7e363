import { next, resourceAccess } from '../access-world';
import { testBoards } from '../production';
import { addCode, completeForm, sendToRepair } from '../repairs';

/** Repairs of the world's project: one done with a file to read, and a fresh waiting one per completion. */
export default resourceAccess({
  setup: async (t, w) => {
    const code = await addCode(t, w.ids.company, `MX-REPAIR-${next()}`);
    const serial = `MX-REP-${next()}`;
    const ids = await testBoards(w.production, [serial], { result: 'fail' });
    const repair = await sendToRepair(t, ids[serial]!);
    const res = await t.call('POST', `/v1/repairs/${repair}/complete`, {
      as: 'alpha-admin',
      body: completeForm({ outcome: 'repaired', failure_code_id: code, action: 'Reflowed U3', parts: 'U3', file: { data: Buffer.from('jpeg bytes') } }),
    });
    if (res.statusCode !== 200) throw new Error(`complete: ${res.statusCode} ${res.body}`);
    return { code, repair };
  },
  routes: {
    'GET /projects/:id/repairs': { access: 'read', scope: 'project', sample: () => ({ query: 'status=waiting' }) },
    'GET /repairs/:id': { access: 'read', scope: 'repair', sample: (_t, _w, own) => ({ id: own.repair }) },
    'GET /repairs/:id/file': { access: 'read', scope: 'repair', sample: (_t, _w, own) => ({ id: own.repair }) },
    'POST /repairs/:id/complete': {
      access: 'repair.record',
      scope: 'repair',
      sample: async (t, w, own) => {
        const serial = `MX-REP-${next()}`;
        const ids = await testBoards(w.production, [serial], { result: 'fail' });
        const id = await sendToRepair(t, ids[serial]!);
        return { id, body: completeForm({ outcome: 'repaired', failure_code_id: own.code, action: 'Replaced R12', parts: 'R12' }) };
      },
    },
  },
});
