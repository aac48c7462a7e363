import { mdiCheck } from '@mdi/js';
import { REQUEST_STEP_LABELS, REQUEST_STEPS, type RequestStep } from '../../../../contract/requests';
import { Icon } from '../../../components/icon';
import { cx } from '../../../lib/cx';

type StepListProps = {
  /** The step on screen. */
  shown: RequestStep | 'done';
  /** The first step the server's data says is unfinished ('done': all are). */
  reached: RequestStep | 'done';
  /** Opens a finished step again; absent while nothing may change (rejected, completed). */
  onOpen?: (step: RequestStep) => void;
};

const indexOf = (step: RequestStep | 'done') => (step === 'done' ? REQUEST_STEPS.length : REQUEST_STEPS.indexOf(step));

/**
 * The processing steps as a numbered list: finished ones ticked (and clickable to revisit),
 * the one on screen marked, later ones greyed. Below a wide screen only the step on screen keeps
 * its name (the others their number and a tooltip), so eight steps fit one line, or two on a phone.
 */
export function StepList({ shown, reached, onOpen }: StepListProps) {
  const reachedAt = indexOf(reached);
  // The list wraps onto a second line where the steps do not fit (a phone): a list that scrolled
  // sideways would hide steps behind a scroll a keyboard cannot reach when no step is a button.
  // relative: the names read to screen readers (sr-only, absolute) stay inside it.
  return (
    <nav aria-label="Processing steps" className="relative mb-4">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-2 sm:gap-x-2">
        {REQUEST_STEPS.map((step, index) => {
          const finished = index < reachedAt;
          const current = step === shown;
          const label = REQUEST_STEP_LABELS[step];
          const marker = (
            <span
              className={cx(
                'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                current ? 'bg-primary text-white' : finished ? 'bg-primary-light text-primary-dark' : 'bg-gray-100 text-gray-500',
              )}
            >
              {finished && !current ? <Icon path={mdiCheck} size={16} /> : index + 1}
            </span>
          );
          const text = <span className={cx('text-sm', current ? 'font-semibold text-gray-900' : 'sr-only text-secondary 2xl:not-sr-only')}>{label}</span>;
          return (
            <li key={step} className="flex items-center gap-1 sm:gap-2" aria-current={current ? 'step' : undefined}>
              {index > 0 ? <span aria-hidden="true" className="h-px w-3 bg-gray-300 sm:w-5" /> : null}
              {finished && onOpen && !current ? (
                <button
                  type="button"
                  onClick={() => onOpen(step)}
                  className="inline-flex items-center gap-2 rounded-full pr-1 hover:bg-primary-light focus-visible:outline-2"
                  title={`Open ${label} again`}
                >
                  {marker}
                  {text}
                  <span className="sr-only">(finished)</span>
                </button>
              ) : (
                <span className="inline-flex items-center gap-2 pr-1" title={label}>
                  {marker}
                  {text}
                  {finished ? <span className="sr-only">(finished)</span> : null}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
