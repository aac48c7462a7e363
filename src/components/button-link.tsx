import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass, type ButtonVariant } from './button';
import { Icon } from './icon';

type ButtonLinkProps = { href: string; variant?: ButtonVariant; icon?: string; className?: string; children: ReactNode };

/** A navigation that looks like a button; it is still a link for readers and for new tabs. */
export function ButtonLink({ href, variant = 'primary', icon, className, children }: ButtonLinkProps) {
  return (
    <Link href={href} className={buttonClass(variant, className)}>
      {icon ? <Icon path={icon} size={18} /> : null}
      {children}
    </Link>
  );
}
