import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Project } from '../../../contract/projects';
import { can } from '../../../contract/permissions';
import { useSession } from '../../app/app-actor';
import { Icon } from '../../components/icon';
import { cx } from '../../lib/cx';
import { invitationsPath, useManufacturersView, type ManufacturersView } from './manufacturers-view';

type Tab = {
  label: string;
  href: (projectId: number) => string;
  routes: string[];
  /** For the tabs that share a route (manufacturers and invitations): which view of it. */
  view?: ManufacturersView;
  /** Only the project company's own people read its invitations. */
  companyOnly?: boolean;
};

/** A project's child routes (SPEC §2), in the order people use them. */
const TABS: Tab[] = [
  { label: 'Devices', href: (id) => `/projects/${id}`, routes: ['project.devices', 'project.devices.table'] },
  { label: 'Repairs', href: (id) => `/projects/${id}/repairs`, routes: ['project.repairs', 'project.repair'] },
  {
    label: 'Production batches',
    href: (id) => `/projects/${id}/productionbatches`,
    routes: ['project.productionbatches', 'project.productionbatch'],
  },
  { label: 'Manufacturers', href: (id) => `/projects/${id}/manufacturers`, routes: ['project.manufacturers'], view: 'manufacturers' },
  { label: 'Invitations', href: invitationsPath, routes: ['project.manufacturers'], view: 'invitations', companyOnly: true },
  { label: 'Hardware', href: (id) => `/projects/${id}/hardware`, routes: ['project.hardware'] },
  { label: 'Tests', href: (id) => `/projects/${id}/tests`, routes: ['project.tests'] },
  {
    label: 'Release batches',
    href: (id) => `/projects/${id}/releasesbatches`,
    routes: ['project.releasebatches', 'project.releasebatch.edit', 'project.releasebatch.show'],
  },
];

const fade = 'absolute inset-y-0 flex w-12 items-center from-background via-background/90 to-transparent';
const arrow = 'inline-flex size-8 items-center justify-center rounded-full bg-white text-secondary shadow ring-1 ring-secondary/20';

/**
 * The project's sections as links. Where they do not all fit (a phone), the row scrolls sideways
 * inside itself, the current one is brought to its middle, and a fade with an arrow at each edge
 * that hides tabs says that there are more (a tap on the arrow scrolls to them).
 */
export function ProjectTabs({ project, route }: { project: Project; route: string }) {
  const session = useSession();
  const view = useManufacturersView();
  const strip = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const tabs = TABS.filter((t) => !t.companyOnly || can(session?.user, 'company.read', { company_id: project.company_id }));

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  // The current tab in the middle of the strip, without scrolling the page.
  useEffect(() => {
    const el = strip.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (el && current) el.scrollLeft = Math.max(0, current.offsetLeft - (el.clientWidth - current.offsetWidth) / 2);
    measure();
  }, [route, view, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = strip.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <nav aria-label="Project sections" className="relative -mx-4 mb-5 border-b border-secondary-light sm:mx-0">
      <ul ref={strip} onScroll={measure} className="relative flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0">
        {tabs.map((tab) => {
          const active = tab.routes.includes(route) && (!tab.view || tab.view === view);
          return (
            <li key={tab.label} className="shrink-0">
              <Link
                href={tab.href(project.id)}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center border-b-2 px-3 text-sm whitespace-nowrap',
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
      {/* Pointer aids only: the links themselves are all in the tab order and read out. */}
      {more.before ? (
        <div className={cx(fade, 'left-0 justify-start bg-linear-to-r pl-1')}>
          <button type="button" tabIndex={-1} aria-hidden="true" className={arrow} onClick={() => scrollBy(-1)}>
            <Icon path={mdiChevronLeft} size={18} />
          </button>
        </div>
      ) : null}
      {more.after ? (
        <div className={cx(fade, 'right-0 justify-end bg-linear-to-l pr-1')}>
          <button type="button" tabIndex={-1} aria-hidden="true" className={arrow} onClick={() => scrollBy(1)}>
            <Icon path={mdiChevronRight} size={18} />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
