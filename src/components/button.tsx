import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import { Icon } from './icon';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-white hover:bg-primary-dark disabled:bg-primary/60',
  secondary:
    'border border-secondary/40 bg-white text-secondary hover:bg-secondary-light disabled:text-secondary/60',
  danger: 'bg-error text-white hover:bg-error/90 disabled:bg-error/60',
  ghost: 'text-secondary hover:bg-secondary-light disabled:text-secondary/50',
};

/** Shared by buttons and links that look like buttons, so both stay one style. */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return cx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:cursor-not-allowed',
    VARIANTS[variant],
    className,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** While true the button is disabled and shows a spinner; its name does not change. */
  busy?: boolean;
  icon?: string;
};

export function Button({ variant = 'primary', busy = false, icon, className, disabled, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner className="size-4" /> : icon ? <Icon path={icon} size={18} /> : null}
      {children}
    </button>
  );
}
