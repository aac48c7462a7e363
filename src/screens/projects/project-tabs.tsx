import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { cx } from '../../lib/cx';

type Tab = { label: string; sub: string; routes: string[] };

/** A project's child routes (SPEC §2), in the order people use them. */
const TABS: Tab[] = [
  { label: 'Devices', sub: '', routes: ['project.devices', 'project.devices.table'] },
  { label: 'Production batches', sub: '/productionbatches', routes: ['project.productionbatches', 'project.productionbatch'] },
  { label: 'Manufacturers', sub: '/manufacturers', routes: ['project.manufacturers'] },
  { label: 'Hardware', sub: '/hardware', routes: ['project.hardware'] },
  { label: 'Tests', sub: '/tests', routes: ['project.tests'] },
  {
    label: 'Release batches',
    sub: '/releasesbatches',
    routes: ['project.releasebatches', 'project.releasebatch.edit', 'project.releasebatch.show'],
  },
];

/** The project's sections as links; on a phone the row scrolls sideways inside itself. */
export function ProjectTabs({ projectId, route }: { projectId: number; route: string }) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the current tab may sit beyond the row's edge: bring it into view.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [route]);
  return (
    <nav aria-label="Project sections" className="-mx-4 mb-5 border-b border-secondary-light sm:mx-0">
      <ul ref={list} className="flex gap-1 overflow-x-auto px-4 sm:px-0">
        {TABS.map((tab) => {
          const active = tab.routes.includes(route);
          return (
            <li key={tab.label} className="shrink-0">
              <Link
                href={`/projects/${projectId}${tab.sub}`}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm whitespace-nowrap',
                  active
                    ? 'border-primary font-semibold text-primary-dark'
                    : 'border-transparent text-secondary hover:border-secondary/40 hover:text-gray-900',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
