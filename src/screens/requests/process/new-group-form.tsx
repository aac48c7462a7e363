import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PAD_GROUP_NAME_MAX } from '../../../../contract/requests';
import { resourceTypesOptions } from '../../../api/resources';
import { Button } from '../../../components/button';
import { FilterSelect } from '../../../components/filter-select';

type Props = {
  /** While a save runs. */
  disabled: boolean;
  /** How many pads are selected: the new group takes them. */
  selected: number;
  /** Names the request's groups have (compared without case, as the server does). */
  takenNames: readonly string[];
  onCreate: (name: string, resourceTypeId: number) => void;
  /** Makes a group per net of the selection with the resource type (no name needed). */
  onGroupByNet: (resourceTypeId: number) => void;
};

/** The resource types are a short catalogue: one page holds them all. */
const ALL_RESOURCE_TYPES = { page: 1, limit: 200, sortby: 'name' };

/**
 * Makes a group of the selected pads with a resource type. Checked here before the machine
 * saves (a name, a type, a name not taken); the server's refusal shows under the step.
 */
export function NewGroupForm({ disabled, selected, takenNames, onCreate, onGroupByNet }: Props) {
  const nameId = useId();
  const types = useQuery(resourceTypesOptions(ALL_RESOURCE_TYPES));
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Name the group.');
    if (takenNames.some((taken) => taken.toLowerCase() === trimmed.toLowerCase())) return setProblem(`A group named ${trimmed} exists already.`);
    if (!typeId) return setProblem('Choose the resource type the group is wired to.');
    setProblem(null);
    onCreate(trimmed, Number(typeId));
    setName('');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New pad group" className="flex flex-col gap-3 rounded-md border border-secondary-light p-3">
      <h3 className="text-sm font-semibold text-gray-900">
        {selected ? `New group of the ${selected === 1 ? 'selected pad' : `${selected} selected pads`}` : 'New group (select its pads on the drawing)'}
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-medium text-gray-700">
          Group name
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={PAD_GROUP_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          className="min-h-10 rounded-md border border-secondary/40 px-3 py-2 text-sm focus:border-primary focus:outline-2 focus:outline-primary/30"
        />
      </div>
      <FilterSelect
        label="Resource type"
        value={typeId}
        allLabel="Choose…"
        onValueChange={setTypeId}
        options={(types.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        className="flex flex-col gap-1"
      />
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={disabled}>
          Create group
        </Button>
        <Button
          variant="ghost"
          disabled={disabled || !selected}
          title="Each net of the selection becomes a group named after it"
          onClick={() => {
            if (!typeId) return setProblem('Choose the resource type the groups are wired to.');
            setProblem(null);
            onGroupByNet(Number(typeId));
          }}
        >
          A group per net
        </Button>
      </div>
    </form>
  );
}
