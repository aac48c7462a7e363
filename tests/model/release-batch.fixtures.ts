/**
 * The data the release batch model tests answer with: the calls the machine makes (provided per
 * path) and the lists the screen reads (a fake axios adapter behind the app's one `api`).
 */
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Device } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import type { ReleaseBatchDetail, ReleaseBatchUpdateDevicesResult } from '../../contract/release-batches';
import type { ReleaseReview } from '../../machines/release-batch.machine';

const T = '2025-03-01T10:00:00.000Z';

export const PROJECT: Project = {
  id: 7,
  company_id: 3,
  name: 'Motor controller MC-200',
  description: '',
  status: 'active',
  request_id: null,
  device_count: 500,
  created_at: T,
  updated_at: T,
};
export const BATCH_ID = 5;
export const EDIT_PATH = `/projects/${PROJECT.id}/releasesbatches/${BATCH_ID}/edit`;
export const SHOW_PATH = `/projects/${PROJECT.id}/releasesbatches/${BATCH_ID}/show`;

function device(id: number, serial: string, status: Device['status'], batch: [number, string]): Device {
  return {
    id,
    project_id: PROJECT.id,
    production_batch_id: batch[0],
    production_batch_name: batch[1],
    release_batch_id: status === 'passed' && id < 200 ? null : BATCH_ID,
    serial,
    status,
    first_pass: true,
    last_result: status === 'failed' ? 'fail' : 'pass',
    report_count: 1,
    tested_at: T,
    created_at: T,
  };
}

const LOT_2407: [number, string] = [1, 'MC-200 lot 2407'];
const LOT_2409: [number, string] = [2, 'MC-200 lot 2409'];

/** 40 passed boards in no release batch: more than one page of 25. */
export const UNRELEASED: Device[] = Array.from({ length: 40 }, (_, i) => device(101 + i, `MC2-2409-00${101 + i}`, 'passed', LOT_2409));
export const FIRST_PAGE_IDS = UNRELEASED.slice(0, 25).map((d) => d.id);
/** The board the paths pick one by one: on the first page, so a page pick includes it. */
export const ONE = UNRELEASED[0];
/** What "select all matching" is tried with: typed into the search box first. */
export const MATCH_SEARCH = 'MC2';

/** The draft's boards; the second stops qualifying in some reviews. */
export const IN_BATCH = device(201, 'MC2-2407-00201', 'passed', LOT_2407);
export const FAILED_LATER = device(202, 'MC2-2407-00202', 'failed', LOT_2407);

const base: ReleaseBatchDetail = {
  id: BATCH_ID,
  project_id: PROJECT.id,
  name: 'Shipment 12',
  status: 'draft',
  device_count: 2,
  not_qualifying_count: 0,
  released_at: null,
  released_by: null,
  created_at: T,
  updated_at: T,
  production_batches: [{ id: 1, name: 'MC-200 lot 2407', device_count: 2 }],
};

export const DRAFT = base;
/** The batch as `PATCH …/update` answers it: without the review's production batches. */
const { production_batches: _review, ...plain } = base;
export const ALREADY_RELEASED: ReleaseBatchDetail = {
  ...base,
  status: 'released',
  released_at: T,
  released_by: { id: 11, username: 'acme-engineer' },
};

/** After a save: 25 added, one pick taken by someone else a moment before. */
export const SAVED: ReleaseBatchUpdateDevicesResult = {
  batch: { ...plain, device_count: 27 },
  added: 25,
  skipped: 1,
  removed: 0,
  released: 0,
};
export const DROPPED: ReleaseBatchUpdateDevicesResult = { batch: { ...plain, device_count: 26 }, added: 0, skipped: 0, removed: 1, released: 0 };

export const REVIEW_OK: ReleaseReview = {
  batch: {
    ...base,
    device_count: 27,
    production_batches: [
      { id: 2, name: 'MC-200 lot 2409', device_count: 25 },
      { id: 1, name: 'MC-200 lot 2407', device_count: 2 },
    ],
  },
  notQualifying: [],
};
export const REVIEW_NOT_QUALIFYING: ReleaseReview = {
  batch: { ...REVIEW_OK.batch, not_qualifying_count: 1 },
  notQualifying: [FAILED_LATER],
};
export const REVIEW_EMPTY: ReleaseReview = { batch: { ...base, device_count: 0, production_batches: [] }, notQualifying: [] };

export const RELEASED: ReleaseBatchUpdateDevicesResult = {
  batch: { ...plain, status: 'released', released_at: T, released_by: ALREADY_RELEASED.released_by, device_count: 27 },
  added: 0,
  skipped: 0,
  removed: 0,
  released: 27,
};

/** An axios failure as the app's calls reject: with the API's error body, or no answer at all. */
export function apiError(status: number, message: string): AxiosError {
  return new AxiosError(`Request failed with status code ${status}`, String(status), undefined, undefined, {
    status,
    statusText: '',
    headers: {},
    config: {} as InternalAxiosRequestConfig,
    data: { message },
  });
}
export const NETWORK_DOWN = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
export const NETWORK_MESSAGE_START = 'Cannot reach the server';
export const NOT_QUALIFYING_409 = apiError(409, '1 board of this batch no longer qualifies: remove it before releasing.');
export const SAVE_422 = apiError(422, 'At most 1000 devices at once; use "all matching" for more.');

function page<T>(rows: T[], config: InternalAxiosRequestConfig): Page<T> {
  const p = Number(config.params?.page ?? 1);
  const limit = Number(config.params?.limit ?? 25);
  return { data: rows.slice((p - 1) * limit, p * limit), meta: { page: p, limit, total: rows.length } };
}

/** The GETs the screen's tables make, answered from the fixtures. */
export const fakeApi: AxiosAdapter = async (config) => {
  const url = config.url ?? '';
  const answer = (data: unknown) => ({ data, status: 200, statusText: 'OK', headers: {}, config });
  if (url === `/projects/${PROJECT.id}/devices/unreleased`) {
    const search = String(config.params?.search ?? '').toLowerCase();
    return answer(page(UNRELEASED.filter((d) => d.serial.toLowerCase().startsWith(search)), config));
  }
  if (url === `/releasebatches/${BATCH_ID}/devices`) return answer(page([IN_BATCH, FAILED_LATER], config));
  if (url === `/projects/${PROJECT.id}/productionbatches`) {
    const lots = [LOT_2407, LOT_2409].map(([id, name]) => ({ id, name, project_id: PROJECT.id, status: 'open' }));
    return answer({ data: lots, meta: { page: 1, limit: 200, total: 2 } });
  }
  throw apiError(404, `No fixture for ${url}`);
};
