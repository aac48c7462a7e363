import { describe, expect, it } from 'vitest';
import { requestStep, requestUpdateInput, stepBlocker, type RequestProgress } from './requests';

const nothing: RequestProgress = {
  confirmed_step: null,
  documents: 2,
  pads: 0,
  probed_pads: 0,
  ungrouped_pads: 0,
  pogo_errors: 0,
  groups: 0,
  unmapped_groups: 0,
  modules: 0,
  cartridges: 0,
  project_id: null,
};
const ready: RequestProgress = { ...nothing, confirmed_step: 'mapPadGroups', pads: 300, probed_pads: 296, groups: 12, modules: 3, cartridges: 2 };

describe('where a request stands', () => {
  it('starts at the documents and ends once the project exists', () => {
    expect(requestStep(nothing)).toBe('documents');
    expect(requestStep(ready)).toBe('createProject');
    expect(requestStep({ ...ready, project_id: 7 })).toBe('done');
  });

  it('needs a step confirmed as well as its data', () => {
    expect(requestStep({ ...nothing, confirmed_step: 'documents', pads: 10 })).toBe('testPads');
    expect(requestStep({ ...nothing, confirmed_step: 'testPads', pads: 10 })).toBe('pogoBoard');
  });

  it('goes back to the earliest step whose data no longer holds', () => {
    // A pad added after grouping, in no group: the pad-groups step is open again.
    expect(requestStep({ ...ready, ungrouped_pads: 1 })).toBe('padGroups');
    // An error on the pogo board comes before that.
    expect(requestStep({ ...ready, ungrouped_pads: 1, pogo_errors: 2 })).toBe('pogoBoard');
    // A selected cartridge removed unmaps groups.
    expect(requestStep({ ...ready, unmapped_groups: 3 })).toBe('mapPadGroups');
  });

  it('says why a step cannot be confirmed, in words', () => {
    expect(stepBlocker(nothing, 'testPads')).toBe('Add or import at least one test pad.');
    expect(stepBlocker({ ...ready, ungrouped_pads: 3 }, 'padGroups')).toBe('3 pads that need a probe are in no group.');
    expect(stepBlocker({ ...ready, ungrouped_pads: 1 }, 'padGroups')).toBe('1 pad that needs a probe is in no group.');
    expect(stepBlocker({ ...ready, unmapped_groups: 1 }, 'mapPadGroups')).toBe('1 pad group is not mapped to a connector pin.');
    expect(stepBlocker(ready, 'mapPadGroups')).toBeNull();
  });

  it('asks for a reason with a rejection', () => {
    const refused = requestUpdateInput.safeParse({ status: 'rejected' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['rejected_reason']);
    expect(requestUpdateInput.safeParse({ status: 'rejected', rejected_reason: 'No Gerbers attached.' }).success).toBe(true);
  });
});
