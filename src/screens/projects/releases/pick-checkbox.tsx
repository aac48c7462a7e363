type PickCheckboxProps = { label: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void };

/** A row's checkbox, named after its board, with a finger-sized hit area around the box. */
export function PickCheckbox({ label, checked, disabled, onChange }: PickCheckboxProps) {
  return (
    <label className="-m-2 inline-flex cursor-pointer p-2 has-disabled:cursor-default">
      <input
        type="checkbox"
        aria-label={label}
        className="size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}
