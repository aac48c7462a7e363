import { mdiClose } from '@mdi/js';
import { useController, type Control } from 'react-hook-form';
import type { TestResource } from '../../../../../contract/hardware';
import type { TestConfigurationCreateInput } from '../../../../../contract/test-profiles';
import { hardwareKeys, searchTestResources } from '../../../../api/hardware';
import { Button } from '../../../../components/button';
import { AsyncSelect } from '../../../../components/form/async-select';
import { errorsOf } from '../../../../components/form/form-field';
import { stepResourceLabel, type StepValues } from './form-values';

/** What a person picks a resource by: the label a step's own resources show too. */
const resourceLabel = (r: TestResource) =>
  stepResourceLabel({ id: r.id, name: r.name, pad_group: r.pad_group, bay: r.selected_cartridge.bay, connector_pin: r.connector_pin });

/**
 * The project's test resources a step measures: the chosen ones as a list with a remove button
 * each, and a search (by name, pad group or pin, asked of the server as the person types) that
 * adds one. One column of full-width rows, so it works on a phone as on a desk.
 */
export function ResourcesField({ control, projectId }: { control: Control<StepValues, unknown, TestConfigurationCreateInput>; projectId: number }) {
  const { field, fieldState } = useController({ control, name: 'test_resources' });
  const chosen = field.value;
  const errors = errorsOf(fieldState.error);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-gray-800">Measures</legend>
      {chosen.length ? (
        <ul className="flex flex-col gap-1" aria-label="Test resources measured">
          {chosen.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2 rounded-md border border-secondary-light px-2 py-1 text-sm">
              <span className="min-w-0 break-words">{r.label}</span>
              <Button
                variant="ghost"
                icon={mdiClose}
                className="min-h-9 shrink-0 px-2"
                aria-label={`Remove ${r.name}`}
                onClick={() => field.onChange(chosen.filter((c) => c.id !== r.id))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-secondary">No test resources: the step measures no pads.</p>
      )}
      <AsyncSelect<TestResource>
        label="Add a test resource"
        value=""
        placeholder="Search by name, pad group or pin"
        noMatches="No test resources match."
        queryKey={[...hardwareKeys.project(projectId), 'resource-choices']}
        fetchOptions={searchTestResources(projectId)}
        optionValue={(r) => String(r.id)}
        optionLabel={resourceLabel}
        onValueChange={(_value, r) => {
          if (!chosen.some((c) => c.id === r.id)) field.onChange([...chosen, { id: r.id, name: r.name, label: resourceLabel(r) }]);
        }}
        errors={errors}
        hint="The pads a step touches: its fails show on those pads of the board."
      />
    </fieldset>
  );
}
