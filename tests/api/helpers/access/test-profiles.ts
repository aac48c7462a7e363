import { next, resourceAccess } from '../access-world';
import { addStep, addVariable, createProfile, readyDraft, testFileForm, uploadTestFile } from '../test-profiles';

/** Test profiles and their steps, files and variables: rows of Alpha's project, through the profile. */
export default resourceAccess({
  setup: async (t, w) => {
    const draft = await createProfile(t, w.ids.project, { name: `Matrix profile ${next()}`, version: '1' });
    return {
      draft,
      step: await addStep(t, draft, { name: 'power on', low: 3.1, high: 3.5, unit: 'V' }),
      file: await uploadTestFile(t, draft),
      variable: await addVariable(t, draft, { name: 'retries', type: 'int', value: 3 }),
    };
  },
  routes: {
    'GET /projects/:id/testprofiles': { access: 'read', scope: 'project', sample: () => ({}) },
    'POST /projects/:id/testprofiles': { access: 'production.edit', scope: 'project', sample: () => ({ body: { name: `Matrix ${next()}`, version: '1' } }) },
    'GET /testprofiles/:id': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft }) },
    'PATCH /testprofiles/:id': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: (_t, _w, own) => ({ id: own.draft, body: { description: `Notes ${next()}` } }),
    },
    'POST /testprofiles/:id/active': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: async (t, w) => ({ id: await readyDraft(t, w.ids.project, `Matrix active ${next()}`) }),
    },
    'GET /testprofiles/:id/testconfigurations': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft }) },
    'POST /testprofiles/:id/testconfigurations': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: (_t, _w, own) => ({ id: own.draft, body: { name: `Step ${next()}` } }),
    },
    'GET /testconfigurations/:id': { access: 'read', scope: 'testConfiguration', sample: (_t, _w, own) => ({ id: own.step }) },
    'PATCH /testconfigurations/:id': {
      access: 'production.edit',
      scope: 'testConfiguration',
      sample: (_t, _w, own) => ({ id: own.step, body: { unit: 'V' } }),
    },
    'DELETE /testconfigurations/:id': {
      access: 'production.edit',
      scope: 'testConfiguration',
      sample: async (t, _w, own) => ({ id: await addStep(t, own.draft, { name: `Doomed ${next()}` }) }),
    },
    'GET /testprofiles/:id/testfiles': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft }) },
    'POST /testprofiles/:id/testfiles': { access: 'production.edit', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft, body: testFileForm() }) },
    'GET /testfiles/:id': { access: 'read', scope: 'testFile', sample: (_t, _w, own) => ({ id: own.file }) },
    'DELETE /testfiles/:id': { access: 'production.edit', scope: 'testFile', sample: async (t, _w, own) => ({ id: await uploadTestFile(t, own.draft) }) },
    'GET /testvariabletypes': { access: 'read', sample: () => ({}) },
    'GET /testprofiles/:id/testvariables': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft }) },
    'POST /testprofiles/:id/testvariables': {
      access: 'production.edit',
      scope: 'testProfile',
      sample: (_t, _w, own) => ({ id: own.draft, body: { name: `v_${next().replace('-', '_')}`, type: 'bool', value: true } }),
    },
    'PATCH /testvariables/:id': { access: 'production.edit', scope: 'testVariable', sample: (_t, _w, own) => ({ id: own.variable, body: { value: 4 } }) },
    'DELETE /testvariables/:id': {
      access: 'production.edit',
      scope: 'testVariable',
      sample: async (t, _w, own) => ({ id: await addVariable(t, own.draft, { name: `doomed_${next().replace('-', '_')}`, type: 'string', value: 'x' }) }),
    },
    'GET /testprofiles/:id/statistics': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft }) },
    'GET /testprofiles/:id/histogram': { access: 'read', scope: 'testProfile', sample: (_t, _w, own) => ({ id: own.draft, query: 'step=x' }) },
    'GET /projects/:id/testfunctions': { access: 'read', scope: 'project', sample: () => ({}) },
  },
});
