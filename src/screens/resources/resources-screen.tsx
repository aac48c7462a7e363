import { Link } from 'wouter';
import type { ScreenProps } from '../../app/screen-props';
import { PageHeader } from '../../components/page-header';
import { cx } from '../../lib/cx';
import { useSearchState } from '../../lib/url-search';
import { PinTypesTab } from './pin-types-tab';
import { ResourceTypesTab } from './resource-types-tab';

export type ResourcesTab = 'resourcetypes' | 'pintypes';

const TABS: { tab: ResourcesTab; label: string; href: string }[] = [
  { tab: 'resourcetypes', label: 'Resource types', href: '/manage/resources' },
  { tab: 'pintypes', label: 'Pin types', href: '/manage/resources?tab=pintypes' },
];

/**
 * `/manage/resources`: the resource types a test setup needs, the pin types each allows and its
 * pin map (which connector pin of a cartridge type serves it), and the pin types themselves. One
 * table at a time (`?tab=`), so its search, sort and page own the URL.
 */
export function ResourcesScreen({ title }: ScreenProps) {
  const tab: ResourcesTab = useSearchState().params.get('tab') === 'pintypes' ? 'pintypes' : 'resourcetypes';
  return (
    <>
      <PageHeader title={title} description="Resource types, the pin types each allows, and which connector pins serve them." />
      <nav aria-label="Resources sections" className="mb-4 border-b border-secondary-light">
        <ul className="-mb-px flex gap-1">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link
                href={t.href}
                aria-current={t.tab === tab ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium',
                  t.tab === tab ? 'border-primary text-primary' : 'border-transparent text-secondary hover:text-gray-900',
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'pintypes' ? <PinTypesTab /> : <ResourceTypesTab />}
    </>
  );
}
