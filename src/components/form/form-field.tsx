import { useId, type ReactNode } from 'react';

/** What an input needs to be tied to its label, hint and errors. */
export type FieldA11y = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  errors?: string[];
  /** Help below the input, e.g. "Leave empty to keep the current password." */
  hint?: ReactNode;
  children: (a11y: FieldA11y) => ReactNode;
};

/**
 * The ids that tie an input (or a group, or a drop zone) to its hint and errors, so every kind
 * of field is described the same way: `describedBy` names whichever of the two is showing.
 */
export function useFieldIds(hint: ReactNode, errors: string[] | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = !!errors?.length;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, invalid, describedBy };
}

/** The hint and the errors below a field, under the ids `useFieldIds` gave out. */
export function FieldFooter({ ids, hint, errors }: { ids: { hintId: string; errorId: string }; hint?: ReactNode; errors?: string[] }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="text-xs text-secondary">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={ids.errorId} errors={errors} />
    </>
  );
}

/** Label, input, hint and field errors in one column; errors are announced with the input. */
export function FormField({ label, errors, hint, children }: FormFieldProps) {
  const ids = useFieldIds(hint, errors);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={ids.id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id: ids.id, 'aria-invalid': ids.invalid || undefined, 'aria-describedby': ids.describedBy })}
      <FieldFooter ids={ids} hint={hint} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="text-sm text-error">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * The message a field shows for its react-hook-form error, nested ones included: a 422 on
 * `role_ids.0` belongs to the roles group. One message at a time reads calmer than every rule
 * an empty field breaks.
 */
export function errorsOf(error: unknown): string[] | undefined {
  const message = firstMessage(error);
  return message ? [message] : undefined;
}

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    // `ref` is the DOM element RHF keeps for focusing; `types` repeats the message.
    if (key === 'ref' || key === 'types') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/** Input styling shared by text inputs and selects. */
export const inputClass =
  'min-h-10 w-full rounded-md border border-secondary/40 bg-white px-3 py-2 text-sm text-gray-900 ' +
  'placeholder:text-secondary/70 focus:border-primary focus:outline-2 focus:outline-primary/30 ' +
  'aria-invalid:border-error aria-invalid:focus:outline-error/30 disabled:bg-secondary-light';
