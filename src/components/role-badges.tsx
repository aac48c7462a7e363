import type { Role } from '../../contract/roles';

/** A user's roles as small labels, by name; the slug is what the code checks, not what people read. */
export function RoleBadges({ roles }: { roles: readonly Pick<Role, 'slug' | 'name'>[] }) {
  if (!roles.length) return <span className="text-secondary">—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <li
          key={r.slug}
          className={
            r.slug === 'superadmin'
              ? 'rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white'
              : 'rounded-full bg-secondary-light px-2 py-0.5 text-xs font-medium text-secondary'
          }
        >
          {r.name}
        </li>
      ))}
    </ul>
  );
}
