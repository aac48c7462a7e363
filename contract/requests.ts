import { z } from 'zod';
import { MAX_CARTRIDGE_BAYS, MAX_MODULE_SLOTS } from './cassettes';
import { AMS_TYPES } from './cassette-module-types';
import { listQuerySchema } from './list-query';
import { countField, idField, idListField, idQueryField } from './numbers';
import { PROBE_SIZES } from './pogo-board';
import { TEST_PAD_KINDS, TEST_PAD_SIDES, testPadInput } from './test-points';
import { choice, optionalText, requiredText } from './text';

/**
 * Project requests and their processing (DOMAIN.md "Request processing"): the shapes
 * the API answers and takes, and the one rule that says at which step a request stands. The
 * server computes `step` with it for the list; the request machine resumes with it.
 */

export const REQUEST_STATUSES = ['submitted', 'in_review', 'in_progress', 'completed', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
};

// ---------------------------------------------------------------------------------------------
// Steps

/** The processing steps, in order (DOMAIN.md); the request machine's states have these ids. */
export const REQUEST_STEPS = ['documents', 'testPads', 'pogoBoard', 'padGroups', 'modules', 'cartridges', 'mapPadGroups', 'createProject'] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];
export const REQUEST_STEP_LABELS: Record<RequestStep, string> = {
  documents: 'Review documents',
  testPads: 'Test pads',
  pogoBoard: 'Pogo board',
  padGroups: 'Pad groups',
  modules: 'Modules',
  cartridges: 'Cartridges',
  mapPadGroups: 'Map pad groups',
  createProject: 'Create project',
};

/**
 * What the server's data says of a request's progress: counts, so the list can show every
 * request's step without loading its pads. `confirmed_step` is the furthest step a superadmin
 * said was finished; a step is done when it is confirmed AND the data still holds (a pad added
 * later that is in no group reopens the pad-groups step).
 */
export const requestProgressSchema = z.object({
  confirmed_step: z.enum(REQUEST_STEPS).nullable(),
  documents: z.number().int(),
  pads: z.number().int(),
  /** Pads that get a probe: every pad but tooling holes. */
  probed_pads: z.number().int(),
  /** Probed pads in no group. */
  ungrouped_pads: z.number().int(),
  /** Design-for-test errors of the pogo board (DOMAIN.md); warnings do not count. */
  pogo_errors: z.number().int(),
  groups: z.number().int(),
  unmapped_groups: z.number().int(),
  modules: z.number().int(),
  cartridges: z.number().int(),
  project_id: z.number().int().nullable(),
});
export type RequestProgress = z.infer<typeof requestProgressSchema>;

const confirmed = (progress: RequestProgress, step: RequestStep) =>
  progress.confirmed_step !== null && REQUEST_STEPS.indexOf(progress.confirmed_step) >= REQUEST_STEPS.indexOf(step);

/** Whether the data says each step is finished; the order of REQUEST_STEPS decides which comes first. */
export const REQUEST_STEP_DONE: Record<RequestStep, (p: RequestProgress) => boolean> = {
  documents: (p) => p.project_id !== null || confirmed(p, 'documents'),
  testPads: (p) => p.project_id !== null || (p.pads > 0 && confirmed(p, 'testPads')),
  pogoBoard: (p) => p.project_id !== null || (p.pads > 0 && p.pogo_errors === 0 && confirmed(p, 'pogoBoard')),
  padGroups: (p) => p.project_id !== null || (p.groups > 0 && p.ungrouped_pads === 0 && confirmed(p, 'padGroups')),
  modules: (p) => p.project_id !== null || (p.modules > 0 && confirmed(p, 'modules')),
  cartridges: (p) => p.project_id !== null || (p.cartridges > 0 && confirmed(p, 'cartridges')),
  mapPadGroups: (p) => p.project_id !== null || (p.groups > 0 && p.unmapped_groups === 0 && confirmed(p, 'mapPadGroups')),
  createProject: (p) => p.project_id !== null,
};

/** The first step the data says is not finished, or 'done' once the project exists. */
export function requestStep(progress: RequestProgress): RequestStep | 'done' {
  return REQUEST_STEPS.find((step) => !REQUEST_STEP_DONE[step](progress)) ?? 'done';
}

/**
 * Why a step cannot be confirmed yet, in words, or null when it can (the server refuses a
 * `confirmed_step` with this message; the screen shows it beside the step's Continue button).
 */
export function stepBlocker(progress: RequestProgress, step: RequestStep): string | null {
  switch (step) {
    case 'documents':
      return progress.documents > 0 ? null : 'The request has no documents to review.';
    case 'testPads':
      return progress.pads > 0 ? null : 'Add or import at least one test pad.';
    case 'pogoBoard':
      return progress.pogo_errors === 0 ? null : `The pogo board has ${plural(progress.pogo_errors, 'design-for-test error')}; fix the pads first.`;
    case 'padGroups':
      if (progress.groups === 0) return 'Make at least one pad group.';
      if (progress.ungrouped_pads === 0) return null;
      return progress.ungrouped_pads === 1
        ? '1 pad that needs a probe is in no group.'
        : `${plural(progress.ungrouped_pads, 'pad')} that need a probe are in no group.`;
    case 'modules':
      return progress.modules > 0 ? null : 'Choose at least one module.';
    case 'cartridges':
      return progress.cartridges > 0 ? null : 'Choose at least one cartridge.';
    case 'mapPadGroups':
      return progress.unmapped_groups === 0 ? null : `${plural(progress.unmapped_groups, 'pad group')} ${progress.unmapped_groups === 1 ? 'is' : 'are'} not mapped to a connector pin.`;
    case 'createProject':
      return null;
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------
// Requests

const named = z.object({ id: z.number().int(), name: z.string() });

export const requestSchema = z.object({
  id: z.number().int(),
  company: named,
  projectname: z.string(),
  projectdescription: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** Where processing stands (requestStep of `progress`); 'done' once the project exists. */
  step: z.union([z.enum(REQUEST_STEPS), z.literal('done')]),
  rejected_reason: z.string().nullable(),
  project: named.nullable(),
  progress: requestProgressSchema,
  created_by: named.nullable(),
  /** The superadmin who started its review (`POST /requests/{id}/review`), or confirmed its documents first; null before. */
  reviewer: named.nullable(),
  review_started_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectRequest = z.infer<typeof requestSchema>;

export const REQUEST_NAME_MAX = 100;
export const REQUEST_DESCRIPTION_MAX = 4000;
export const REJECTED_REASON_MAX = 1000;

const projectname = requiredText('Project name').max(REQUEST_NAME_MAX, `Project name is at most ${REQUEST_NAME_MAX} characters.`);
const projectdescription = optionalText('Description')
  .max(REQUEST_DESCRIPTION_MAX, `Description is at most ${REQUEST_DESCRIPTION_MAX} characters.`);

/** The text fields of `POST /manage/request` (multipart, beside `documents[n]`). company_id arrives as text. */
export const requestCreateFields = z.object({
  projectname,
  projectdescription: projectdescription.default(''),
  company_id: z.coerce.number({ error: 'Company is required.' }).pipe(idField('company', { required: 'Company is required.' })),
});
export type RequestCreateFields = z.input<typeof requestCreateFields>;

/** At most this many documents in one request. */
export const MAX_REQUEST_DOCUMENTS = 20;

/**
 * `PATCH /requests/{id}`: rename, reject with a reason, or confirm a step finished
 * (`confirmed_step`; the server checks `stepBlocker` for it and every step before, 422 on
 * `confirmed_step` with the reason). Confirming `documents` moves the request to in_progress. A
 * completed request changes no more (409). Starting the review, and reopening a rejected
 * request, is `POST /requests/{id}/review`: looking at a request changes nothing.
 */
export const requestUpdateInput = z
  .object({
    projectname,
    projectdescription,
    status: choice(['rejected'] as const, 'Status', { rejected: 'Rejected' }),
    rejected_reason: requiredText('Reason').max(REJECTED_REASON_MAX, `Reason is at most ${REJECTED_REASON_MAX} characters.`),
    confirmed_step: choice(REQUEST_STEPS, 'Step', REQUEST_STEP_LABELS),
  })
  .partial()
  .superRefine((input, ctx) => {
    if (input.status === 'rejected' && !input.rejected_reason) ctx.addIssue({ code: 'custom', path: ['rejected_reason'], message: 'Say why the request is rejected.' });
  });
export type RequestUpdateInput = z.input<typeof requestUpdateInput>;

export const REQUEST_SORTABLE = ['id', 'projectname', 'company', 'status', 'created_at'] as const;
export const REQUEST_AGES = ['today', 'week', 'month', 'older'] as const;
export type RequestAge = (typeof REQUEST_AGES)[number];
/** How old a request is: sent in the last day, 7 days, 30 days, or longer ago. */
export const REQUEST_AGE_LABELS: Record<RequestAge, string> = { today: 'Today', week: 'This week', month: 'This month', older: 'Older than a month' };

/** `GET /requests`: searched over project name, description and company; newest first unless sorted. */
export const requestListQuery = listQuerySchema(REQUEST_SORTABLE).extend({
  status: z.enum(REQUEST_STATUSES).optional(),
  company_id: idQueryField('company').optional(),
  age: z.enum(REQUEST_AGES).optional(),
});

export const requestFileSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

// ---------------------------------------------------------------------------------------------
// Test pads and the pogo board

export const testPadSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  name: z.string(),
  net: z.string().nullable(),
  x: z.number(),
  y: z.number(),
  side: z.enum(TEST_PAD_SIDES),
  diameter: z.number().nullable(),
  kind: z.enum(TEST_PAD_KINDS),
  /** The probe the pogo board gives it (null: tooling hole, or no probe fits). */
  probe: z.enum(PROBE_SIZES).nullable(),
  group_id: z.number().int().nullable(),
});
export type TestPad = z.infer<typeof testPadSchema>;

/** Most pads one request holds (and one import sends). */
export const MAX_PADS_PER_REQUEST = 20_000;

/**
 * `POST /requests/{id}/testpads`: one pad from the table editor or a whole import. A name that
 * repeats (in the list or on the request) is a 422 keyed `pads.<n>.name`; nothing is saved then.
 * `replace: true` first removes the request's pads (re-import), which empties their groups.
 */
export const testPadsInput = z.object({
  pads: z
    .array(testPadInput, { error: 'A list of test pads.' })
    .min(1, 'Send at least one test pad.')
    .max(MAX_PADS_PER_REQUEST, `At most ${MAX_PADS_PER_REQUEST.toLocaleString('en')} test pads in one request.`),
  replace: z.boolean({ error: 'replace is true or false.' }).default(false),
});
export type TestPadsInput = z.input<typeof testPadsInput>;

export const pogoFindingSchema = z.object({
  severity: z.enum(['error', 'warning']),
  rule: z.string(),
  pad_ids: z.array(z.number().int()),
  message: z.string(),
});

/** `GET /requests/{id}/pogoboard`: every pad with its probe, the groups, and the design-for-test analysis. */
export const pogoBoardSchema = z.object({
  pads: z.array(testPadSchema),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  counts: z.object({ P100: z.number().int(), P75: z.number().int(), P50: z.number().int(), none: z.number().int() }),
  tooling_holes: z.number().int(),
  findings: z.array(pogoFindingSchema),
  blocking: z.boolean(),
});
export type PogoBoard = z.infer<typeof pogoBoardSchema>;

// ---------------------------------------------------------------------------------------------
// Modules and cartridges

export const selectedModuleSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  slot: z.number().int(),
  module_type: z.object({ id: z.number().int(), name: z.string(), ams_type: z.enum(AMS_TYPES) }),
});
export type SelectedModule = z.infer<typeof selectedModuleSchema>;

/** `POST requests/{id}/selectedmodules` and (partial) `PATCH /selectedmodules/{id}`. A slot taken is a 422 on `slot`. */
export const selectedModuleInput = z.object({
  cassette_module_type_id: idField('AMS module', { required: 'AMS module is required.' }),
  slot: countField('Slot', { min: 1, max: MAX_MODULE_SLOTS }),
});
export type SelectedModuleInput = z.input<typeof selectedModuleInput>;

export const selectedCartridgeSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  bay: z.number().int(),
  cartridge_type: z.object({ id: z.number().int(), name: z.string(), pins: z.number().int() }),
});
export type SelectedCartridge = z.infer<typeof selectedCartridgeSchema>;

/** `POST requests/{id}/selectedcartridges` and (partial) `PATCH /selectedcartridges/{id}`. A bay taken is a 422 on `bay`. */
export const selectedCartridgeInput = z.object({
  cartridge_type_id: idField('cartridge type', { required: 'Cartridge type is required.' }),
  bay: countField('Bay', { min: 1, max: MAX_CARTRIDGE_BAYS }),
});
export type SelectedCartridgeInput = z.input<typeof selectedCartridgeInput>;

// ---------------------------------------------------------------------------------------------
// Pad groups and their mapping

const connectorPin = z.object({ id: z.number().int(), number: z.number().int(), name: z.string(), pin_type: named.nullable() });

export const padGroupMappingSchema = z.object({
  selected_cartridge: z.object({ id: z.number().int(), bay: z.number().int(), cartridge_type: named }),
  connector_pin: connectorPin,
  selected_module: z.object({ id: z.number().int(), slot: z.number().int(), module_type: named }).nullable(),
});
export type PadGroupMapping = z.infer<typeof padGroupMappingSchema>;

export const testPadGroupSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  name: z.string(),
  resource_type: named,
  pad_ids: z.array(z.number().int()),
  /** The connector pin it is wired to, or null while unmapped. */
  mapping: padGroupMappingSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestPadGroup = z.infer<typeof testPadGroupSchema>;

export const PAD_GROUP_NAME_MAX = 64;
const groupName = requiredText('Name').max(PAD_GROUP_NAME_MAX, `Name is at most ${PAD_GROUP_NAME_MAX} characters.`);
const padIds = (field: string) => idListField('test pad', { max: MAX_PADS_PER_REQUEST, error: `${field} is a list of test pad ids.` });

/**
 * `POST /requests/{id}/testpadgroups`. Pads already in another group move into this one (a pad
 * is in at most one group); a tooling hole or another request's pad is a 422 on `pad_ids`.
 */
export const testPadGroupCreateInput = z.object({
  name: groupName,
  resource_type_id: idField('resource type', { required: 'Resource type is required.' }),
  pad_ids: padIds('pad_ids').default([]),
});
export type TestPadGroupCreateInput = z.input<typeof testPadGroupCreateInput>;

/**
 * `POST /requests/{id}/testpadgroups/bynet`: a group per net of these pads, named after the net,
 * with one resource type; a net that has a group already (same name, any case) adds its pads to
 * it. Pads without a net stay where they are (`skipped_pad_ids`): group them by hand.
 */
export const testPadGroupsByNetInput = z.object({
  resource_type_id: idField('resource type', { required: 'Resource type is required.' }),
  pad_ids: padIds('pad_ids').min(1, 'Select the pads to group.'),
});
export type TestPadGroupsByNetInput = z.input<typeof testPadGroupsByNetInput>;
export const testPadGroupsByNetSchema = z.object({
  /** The groups made or added to, by name. */
  groups: z.array(testPadGroupSchema),
  skipped_pad_ids: z.array(z.number().int()),
});
export type TestPadGroupsByNet = z.infer<typeof testPadGroupsByNetSchema>;

/**
 * `PATCH /testpadgroups/{id}`: rename, change the resource type (a mapping its pin no longer
 * allows is cleared, and the answer says so in `cleared_mapping`), replace the pads (`pad_ids`)
 * or add and remove some (`add_pad_ids` moves them from their group, `remove_pad_ids`).
 */
export const testPadGroupUpdateInput = z
  .object({
    name: groupName,
    resource_type_id: idField('resource type', { required: 'Resource type is required.' }),
    pad_ids: padIds('pad_ids'),
    add_pad_ids: padIds('add_pad_ids'),
    remove_pad_ids: padIds('remove_pad_ids'),
  })
  .partial();
export type TestPadGroupUpdateInput = z.input<typeof testPadGroupUpdateInput>;

/**
 * `PATCH /requests/map_pad_group/{groupId}`: wire the group to a connector pin of a selected
 * cartridge of the same request, optionally driven by a selected module; nulls unmap it. A pin
 * whose pin type the group's resource type does not serve (the pin map) is a 422 on
 * `connector_pin_id` saying why; a pin another group uses is a 409.
 */
export const mapPadGroupInput = z.object({
  selected_cartridge_id: idField('selected cartridge').nullable(),
  connector_pin_id: idField('connector pin').nullable(),
  selected_module_id: idField('selected module').nullable().default(null),
});
export type MapPadGroupInput = z.input<typeof mapPadGroupInput>;

/**
 * `PATCH /requests/{id}/map_pad_groups`: wires many groups at once, each entry checked as the
 * single call checks it; a refusal is a 422 keyed `mappings.<n>.<field>` and saves none.
 */
export const mapPadGroupsInput = z.object({
  mappings: z
    .array(
      z.object({
        group_id: idField('test pad group', { required: 'Pad group is required.' }),
        selected_cartridge_id: idField('selected cartridge', { required: 'Selected cartridge is required.' }),
        connector_pin_id: idField('connector pin', { required: 'Connector pin is required.' }),
        selected_module_id: idField('selected module').nullable().default(null),
      }),
      { error: 'A list of mappings.' },
    )
    .min(1, 'Send at least one mapping.')
    .max(MAX_PADS_PER_REQUEST, `At most ${MAX_PADS_PER_REQUEST.toLocaleString('en')} mappings at once.`),
});
export type MapPadGroupsInput = z.input<typeof mapPadGroupsInput>;

/**
 * `GET /requests/{id}/capacity`: per resource type the groups need, how many groups need it and
 * the connector pins of the selected cartridges that serve it (the pin map), each with the
 * group that uses it. The cartridges step shows the counts; the map step picks from the pins.
 */
export const requestCapacitySchema = z.object({
  resource_types: z.array(
    z.object({
      resource_type: named,
      groups_needing: z.number().int(),
      pins: z.array(
        z.object({
          selected_cartridge: z.object({ id: z.number().int(), bay: z.number().int(), cartridge_type: named }),
          connector_pin: connectorPin,
          used_by_group: named.nullable(),
        }),
      ),
    }),
  ),
});
export type RequestCapacity = z.infer<typeof requestCapacitySchema>;

/** One line of the wiring list: pad → probe → group → cartridge pin → module. */
export const wiringRowSchema = z.object({
  pad: z.string(),
  net: z.string().nullable(),
  side: z.enum(TEST_PAD_SIDES),
  x: z.number(),
  y: z.number(),
  probe: z.enum(PROBE_SIZES).nullable(),
  group: z.string(),
  resource_type: z.string(),
  cartridge_bay: z.number().int().nullable(),
  cartridge_type: z.string().nullable(),
  connector_pin: z.string().nullable(),
  module_slot: z.number().int().nullable(),
  module: z.string().nullable(),
});
export type WiringRow = z.infer<typeof wiringRowSchema>;

/** `PATCH /requests/{id}/project`: the project's name and description default to the request's. */
export const createProjectInput = z.object({
  name: projectname.optional(),
  description: projectdescription.optional(),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;

/** `PATCH /testpadgroups/{id}` answers the group and whether the change cleared its mapping. */
export const testPadGroupChangeSchema = testPadGroupSchema.extend({
  /** The new resource type is not served by the mapped pin (the pin map): the group is unmapped. */
  cleared_mapping: z.boolean(),
});
export type TestPadGroupChange = z.infer<typeof testPadGroupChangeSchema>;

/** `PATCH /requests/{id}/project` answers the completed request and the project it created. */
export const createdProjectSchema = z.object({
  id: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  project_id: z.number().int(),
  project: named,
});
export type CreatedProject = z.infer<typeof createdProjectSchema>;

/** `GET /requests/{id}/wiring`: `format=csv` downloads the list (as `Accept: text/csv` does). */
export const wiringQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format is json or csv.' }).optional(),
});
