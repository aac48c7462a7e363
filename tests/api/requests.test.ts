import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRequest, RequestProgress } from '../../contract/requests';
import { addPads, createRequest, padGrid, requestForm, schematic } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Project requests (`/manage/requests`): create with documents, list, review, reject, confirm steps; on the database TEST_DB names. */
describe('project requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.call('GET', `/v1${url}`, { as: 'root' });
  const patch = (id: number, body: unknown) => t.call('PATCH', `/v1/requests/${id}`, { as: 'root', body });
  const review = (id: number, as = 'root') => t.call('POST', `/v1/requests/${id}/review`, { as });
  const post = (form: FormData, as = 'root') => t.call('POST', '/v1/manage/request', { as, body: form });
  const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;

  const GERBER = 'G04 MC-300 top copper*\n%FSLAX46Y46*%\n%MOMM*%\nD10*\nX1000000Y1000000D03*\nM02*\n';
  const CSV = 'Name,Net,X,Y,Side,Diameter\nTP1,GND,10.16,12.7,Top,1.0\nTP2,+3V3,12.7,12.7,Top,1.0\n';

  it('records a request with its documents, submitted, and serves them back byte for byte', async () => {
    const res = await post(
      requestForm({
        projectname: '  MC-300 motor controller ',
        projectdescription: 'Rev C, 4 layers',
        company_id: t.companyIds.alpha,
        documents: [schematic(), { name: 'mc300-top.gbr', data: GERBER, type: 'application/octet-stream' }, { name: 'testpoints.csv', data: CSV, type: 'text/csv' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created: ProjectRequest = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      company: { id: t.companyIds.alpha, name: 'Alpha Boards' },
      projectname: 'MC-300 motor controller',
      projectdescription: 'Rev C, 4 layers',
      status: 'submitted',
      step: 'documents',
      rejected_reason: null,
      project: null,
      progress: {
        confirmed_step: null,
        documents: 3,
        pads: 0,
        probed_pads: 0,
        ungrouped_pads: 0,
        pogo_errors: 0,
        groups: 0,
        unmapped_groups: 0,
        modules: 0,
        cartridges: 0,
        project_id: null,
      },
      created_by: { id: t.userIds.root, name: 'root' },
      reviewer: null,
      review_started_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const files = await get(`/requests/${created.id}/files`);
    expect(files.statusCode).toBe(200);
    expect(files.json().data.map((f: { name: string; type: string; size: number }) => [f.name, f.type, f.size])).toEqual([
      ['schematic.pdf', 'application/pdf', schematic().data.length],
      ['mc300-top.gbr', 'application/octet-stream', GERBER.length],
      ['testpoints.csv', 'text/csv', CSV.length],
    ]);
    const gerber = files.json().data[1];
    const download = await get(`/requestfiles/${gerber.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(GERBER);
    expect(download.headers['content-disposition']).toContain('mc300-top.gbr');
    expect((await get(`/requestfiles/999999`)).statusCode).toBe(404);
    expect((await get(`/requests/999999/files`)).statusCode).toBe(404);
    expect((await get(`/requests/${created.id}`)).json().data).toEqual(created);
  });

  it('takes the documents as `documents` repeated, and spreadsheets', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const res = await post(
      requestForm({
        projectname: 'Repeated field',
        company_id: t.companyIds.beta,
        documents: [
          { ...schematic(), field: 'documents' },
          { name: 'bom.xlsx', data: 'PK\u0003\u0004', type: xlsx, field: 'documents' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.progress.documents).toBe(2);
  });

  it('refuses a request without documents, a name or a known company, a file of a strange type or too many files, keeping no file', async () => {
    const before = await fileRows();
    const none = await post(requestForm({ projectname: 'No files', company_id: t.companyIds.alpha }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ documents: ['Choose at least one file.'] });

    // A wrong field that comes before the files stops the upload at the first file.
    const name = await post(requestForm({ projectname: ' ', company_id: t.companyIds.alpha, documents: [schematic()] }));
    expect(name.statusCode).toBe(422);
    expect(name.json().errors).toEqual({ projectname: ['Project name is required.'] });
    const noCompany = await post(requestForm({ projectname: 'Whose?', documents: [schematic()] }));
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().errors).toEqual({ company_id: ['Company is required.'] });

    const company = await post(requestForm({ projectname: 'Nobody’s', company_id: 999999, documents: [schematic()] }));
    expect(company.statusCode).toBe(422);
    expect(company.json().errors).toEqual({ company_id: ['There is no company with id 999999.'] });

    const exe = await post(
      requestForm({ projectname: 'Virus', company_id: t.companyIds.alpha, documents: [schematic(), { name: 'setup.exe', data: 'MZ', type: 'application/x-msdownload' }] }),
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errors).toEqual({ 'documents[1]': ['This type of file is not accepted here.'] });

    const many = await post(requestForm({ projectname: 'Many', company_id: t.companyIds.alpha, documents: Array.from({ length: 21 }, schematic) }));
    expect(many.statusCode).toBe(413);
    expect(many.json().errors).toEqual({ documents: ['Send at most 20 files at once.'] });

    const json = await t.call('POST', '/v1/manage/request', { as: 'root', body: { projectname: 'JSON', company_id: t.companyIds.alpha } });
    expect(json.statusCode).toBe(415);
    expect(await fileRows()).toBe(before);
  });

  it('lists requests newest first, filtered by status, company and age, searched over name, description and company', async () => {
    const list = async (query: string) => {
      const res = await get(`/requests?limit=200&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: ProjectRequest) => r.projectname) as string[];
    };
    const old = await createRequest(t, t.companyIds.beta, { projectname: 'LIST old gateway', projectdescription: 'LoRa gateway' });
    const week = await createRequest(t, t.companyIds.beta, { projectname: 'LIST week sensor' });
    await createRequest(t, t.companyIds.alpha, { projectname: 'LIST today charger' });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await t.db.updateTable('project_requests').set({ created_at: daysAgo(45) }).where('id', '=', old).execute();
    await t.db.updateTable('project_requests').set({ created_at: daysAgo(3) }).where('id', '=', week).execute();
    expect((await review(week)).statusCode).toBe(200);

    expect(await list('search=LIST')).toEqual(['LIST today charger', 'LIST week sensor', 'LIST old gateway']);
    expect(await list('search=LIST&age=today')).toEqual(['LIST today charger']);
    expect(await list('search=LIST&age=week')).toEqual(['LIST today charger', 'LIST week sensor']);
    expect(await list('search=LIST&age=month')).toEqual(['LIST today charger', 'LIST week sensor']);
    expect(await list('search=LIST&age=older')).toEqual(['LIST old gateway']);
    expect(await list(`search=LIST&company_id=${t.companyIds.beta}`)).toEqual(['LIST week sensor', 'LIST old gateway']);
    expect(await list('search=LIST&status=in_review')).toEqual(['LIST week sensor']);
    expect(await list('search=lora')).toEqual(['LIST old gateway']);
    expect(await list('search=beta builders&sortby=projectname')).toContain('LIST week sensor');
    // Status sorts in the flow's order: submitted before in_review.
    expect((await list('search=LIST&sortby=status')).at(-1)).toBe('LIST week sensor');
    expect(await list('search=LIST&sortby=company&sortdesc=true')).toEqual(['LIST week sensor', 'LIST old gateway', 'LIST today charger']);

    const page = await get('/requests?search=LIST&limit=1');
    expect(page.json().meta).toEqual({ page: 1, limit: 1, total: 3 });
    expect(page.json().data[0]).toMatchObject({ step: 'documents', progress: { documents: 1 } });

    for (const query of ['status=closed', 'age=ancient', 'company_id=abc', 'sortby=step', 'page=99']) {
      const bad = await get(`/requests?search=LIST&${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(Object.keys(bad.json().errors), query).toHaveLength(1);
    }
  });

  it('reviews, rejects with a reason, reopens, and refuses wrong transitions', async () => {
    const id = await createRequest(t, t.companyIds.alpha, { projectname: 'Flow' });
    const reviewing = await review(id);
    expect(reviewing.statusCode, reviewing.body).toBe(200);
    expect(reviewing.json().data).toMatchObject({ status: 'in_review', reviewer: { id: t.userIds.root, name: 'root' } });
    const described = await patch(id, { projectdescription: 'Checked the BOM' });
    expect(described.json().data).toMatchObject({ status: 'in_review', projectdescription: 'Checked the BOM' });
    // The review starts by its own call only: the status is not a PATCH field.
    expect((await patch(id, { status: 'in_review' })).statusCode).toBe(422);

    const noReason = await patch(id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ rejected_reason: ['Say why the request is rejected.'] });
    const strayReason = await patch(id, { rejected_reason: 'No reason yet' });
    expect(strayReason.statusCode).toBe(422);
    expect(Object.keys(strayReason.json().errors)).toEqual(['rejected_reason']);

    const rejected = await patch(id, { status: 'rejected', rejected_reason: ' No test points in the Gerbers ' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejected_reason: 'No test points in the Gerbers' });
    const confirm = await patch(id, { confirmed_step: 'documents' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toMatch(/reopen/);
    expect((await t.call('POST', `/v1/requests/${id}/testpads`, { as: 'root', body: { pads: padGrid(1) } })).statusCode).toBe(409);
    const newReason = await patch(id, { rejected_reason: 'Gerbers missing' });
    expect(newReason.json().data.rejected_reason).toBe('Gerbers missing');

    const reopened = await review(id);
    expect(reopened.json().data).toMatchObject({ status: 'in_review', rejected_reason: null, reviewer: { id: t.userIds.root, name: 'root' } });

    const started = await patch(id, { confirmed_step: 'documents' });
    expect(started.json().data).toMatchObject({ status: 'in_progress', step: 'testPads', progress: { confirmed_step: 'documents' } });
    const back = await review(id);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('The request is in progress: its review is done.');

    for (const body of [{ status: 'completed' }, { confirmed_step: 'done' }, { projectname: '' }, { projectname: 'x'.repeat(101) }, { status: 'rejected', rejected_reason: 'x'.repeat(1001) }]) {
      const bad = await patch(id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.json().errors).length).toBeGreaterThan(0);
    }
    expect((await patch(999999, { projectname: 'Ghost' })).statusCode).toBe(404);
    expect((await get('/requests/999999')).statusCode).toBe(404);
  });

  it('confirms a step only when it and every step before it are finished, keeps the furthest, and derives the step from the data', async () => {
    const id = await createRequest(t, t.companyIds.alpha, { projectname: 'Steps' });
    const progress = async (): Promise<ProjectRequest> => (await get(`/requests/${id}`)).json().data;

    const early = await patch(id, { confirmed_step: 'pogoBoard' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ confirmed_step: ['Add or import at least one test pad.'] });
    expect((await progress()).status).toBe('submitted');

    // Submitted straight to in progress: confirming the documents is the review.
    const documents = await patch(id, { confirmed_step: 'documents' });
    expect(documents.json().data).toMatchObject({ status: 'in_progress', step: 'testPads' });

    // Two pads 0.5 mm apart and no tooling holes: the pogo board has errors.
    await addPads(t, id, [
      { name: 'TP1', net: 'GND', x: 10, y: 10, side: 'top', diameter: 1, kind: 'pad' },
      { name: 'TP2', net: 'VBAT', x: 10.5, y: 10, side: 'top', diameter: 1, kind: 'pad' },
    ]);
    let now: ProjectRequest = await progress();
    expect(now.progress).toMatchObject({ pads: 2, probed_pads: 2, ungrouped_pads: 2, pogo_errors: 2 });
    expect(now.step).toBe('testPads');
    expect((await patch(id, { confirmed_step: 'testPads' })).json().data.step).toBe('pogoBoard');
    const blocked = await patch(id, { confirmed_step: 'pogoBoard' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors).toEqual({ confirmed_step: ['The pogo board has 2 design-for-test errors; fix the pads first.'] });

    await addPads(t, id, padGrid(3, { prefix: 'OK' }), true);
    now = await progress();
    expect(now.progress).toMatchObject({ pads: 5, probed_pads: 3, ungrouped_pads: 3, pogo_errors: 0, confirmed_step: 'testPads' });
    expect((await patch(id, { confirmed_step: 'pogoBoard' })).json().data.step).toBe('padGroups');
    expect((await patch(id, { confirmed_step: 'padGroups' })).json().errors).toEqual({ confirmed_step: ['Make at least one pad group.'] });

    // The other tables of the processing count as their API would write them.
    const stamp = now.created_at;
    const resourceType = await t.db.insertInto('resource_types').values({ name: 'Steps power', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const group = await t.db
      .insertInto('test_pad_groups')
      .values({ request_id: id, name: 'GND', resource_type_id: resourceType.id, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('test_pads').set({ group_id: group.id }).where('request_id', '=', id).where('name', 'in', ['OK1', 'OK2']).execute();
    const ungrouped = await patch(id, { confirmed_step: 'padGroups' });
    expect(ungrouped.json().errors).toEqual({ confirmed_step: ['1 pad that needs a probe is in no group.'] });
    await t.db.updateTable('test_pads').set({ group_id: group.id }).where('request_id', '=', id).execute();
    const grouped = await patch(id, { confirmed_step: 'padGroups' });
    expect(grouped.json().data).toMatchObject({ step: 'modules', progress: { groups: 1, unmapped_groups: 1, ungrouped_pads: 0 } });

    // Confirming an earlier step again keeps the furthest.
    const again = await patch(id, { confirmed_step: 'documents' });
    expect(again.json().data).toMatchObject({ step: 'modules', progress: { confirmed_step: 'padGroups' } });

    const moduleType = await t.db.insertInto('cassette_module_types').values({ name: 'Steps DMM', ams_type: 'dmm', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('selected_modules').values({ request_id: id, cassette_module_type_id: moduleType.id, slot: 1, created_at: stamp }).execute();
    const cartridgeType = await t.db.insertInto('cartridge_types').values({ name: 'Steps cartridge', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('selected_cartridges').values({ request_id: id, cartridge_type_id: cartridgeType.id, bay: 1, created_at: stamp }).execute();
    expect((await patch(id, { confirmed_step: 'cartridges' })).json().data.step).toBe('mapPadGroups');
    expect((await patch(id, { confirmed_step: 'mapPadGroups' })).json().errors).toEqual({ confirmed_step: ['1 pad group is not mapped to a connector pin.'] });

    // A pad added later that is in no group reopens the pad-groups step.
    await addPads(t, id, padGrid(1, { prefix: 'LATE', tooling: false, origin: 40 }));
    now = await progress();
    expect(now).toMatchObject({ step: 'padGroups', progress: { ungrouped_pads: 1, modules: 1, cartridges: 1 } });

    // The project exists: done, and the request is completed and changes no more.
    const project = await t.db
      .insertInto('projects')
      .values({ company_id: t.companyIds.alpha, name: 'Steps project', request_id: id, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('project_requests').set({ project_id: project.id, status: 'completed' }).where('id', '=', id).execute();
    now = await progress();
    expect(now).toMatchObject({ status: 'completed', step: 'done', project: { id: project.id, name: 'Steps project' } });
    expect((now.progress as RequestProgress).project_id).toBe(project.id);
    const completed = await patch(id, { projectname: 'Too late' });
    expect(completed.statusCode).toBe(409);
    expect((await patch(id, { status: 'rejected', rejected_reason: 'Too late' })).statusCode).toBe(409);
  });

  it('starts a review only when asked: reading changes nothing, the caller becomes the reviewer, the list says who', async () => {
    const id = await createRequest(t, t.companyIds.alpha, { projectname: 'REVIEW looked at' });
    // Looking at it, its list and its documents, any number of times: still submitted, nobody reviewing.
    for (let i = 0; i < 2; i++) {
      expect((await get(`/requests/${id}`)).json().data).toMatchObject({ status: 'submitted', reviewer: null, review_started_at: null });
      expect((await get(`/requests/${id}/files`)).statusCode).toBe(200);
    }
    const before = await t.db.selectFrom('project_requests').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(before.status).toBe('submitted');

    const started = await review(id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'in_review', reviewer: { id: t.userIds.root, name: 'root' }, review_started_at: expect.any(String) });
    const listed = (await get('/requests?search=REVIEW%20looked')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id, status: 'in_review', reviewer: { id: t.userIds.root, name: 'root' } })]);
    // Asking again changes nothing.
    const again = await review(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.review_started_at).toBe(started.json().data.review_started_at);

    // Someone else reviews it: the call says who.
    await t.db.updateTable('project_requests').set({ reviewer_id: t.userIds['alpha-admin'] }).where('id', '=', id).execute();
    const taken = await review(id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('alpha-admin is reviewing the request already.');
    expect((await review(999999)).statusCode).toBe(404);
  });

  it('names whoever confirms a submitted request’s documents its reviewer, when nobody started the review', async () => {
    const id = await createRequest(t, t.companyIds.alpha, { projectname: 'REVIEW by confirming' });
    const confirmed = await patch(id, { confirmed_step: 'documents' });
    expect(confirmed.json().data).toMatchObject({ status: 'in_progress', reviewer: { id: t.userIds.root, name: 'root' } });
  });

  it('is the superadmin’s: company people get 403, nobody 401', async () => {
    const id = await createRequest(t, t.companyIds.alpha);
    for (const as of ['alpha-admin', 'alpha-engineer', 'beta-admin']) {
      expect((await t.call('GET', '/v1/requests', { as })).statusCode).toBe(403);
      expect((await t.call('GET', `/v1/requests/${id}`, { as })).statusCode).toBe(403);
      expect((await t.call('PATCH', `/v1/requests/${id}`, { as, body: { status: 'rejected', rejected_reason: 'x' } })).statusCode).toBe(403);
      expect((await review(id, as)).statusCode).toBe(403);
      expect((await post(requestForm({ projectname: 'Sneaky', company_id: t.companyIds.alpha, documents: [schematic()] }), as)).statusCode).toBe(403);
      expect((await t.call('GET', `/v1/requests/${id}/files`, { as })).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/v1/requests')).statusCode).toBe(401);
    expect((await get(`/requests/${id}`)).json().data.status).toBe('submitted');
  });
});
