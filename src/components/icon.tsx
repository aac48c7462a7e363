import { cx } from '../lib/cx';

type IconProps = {
  /** An `@mdi/js` path, e.g. `mdiAccount`. */
  path: string;
  size?: number;
  /** Only for an icon that carries meaning alone; decorative icons stay hidden from readers. */
  title?: string;
  className?: string;
};

/** The one way to draw a Material Design icon. */
export function Icon({ path, size = 20, title, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={cx('shrink-0 fill-current', className)}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={path} />
    </svg>
  );
}
