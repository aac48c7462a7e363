import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { CartridgeCycles, Maintenance, MaintenanceInput } from '../../contract/fixtures';
import type { ListParams } from '../../contract/list-query';
import { cartridgeKeys } from './cartridges';
import { cassetteKeys } from './cassettes';
import { api } from './client';
import { toQuery } from './list-params';

export const maintenanceKeys = {
  list: (cartridgeId: number, params: ListParams) => [...cartridgeKeys.one(cartridgeId), 'maintenance', params] as const,
};

/** `GET /cartridges/{id}/maintenance`, newest first unless sorted. */
export const maintenanceOptions = (cartridgeId: number) => (params: ListParams) =>
  queryOptions({
    queryKey: maintenanceKeys.list(cartridgeId, params),
    queryFn: ({ signal }) => api.get<Page<Maintenance>>(`/cartridges/${cartridgeId}/maintenance`, { params: toQuery(params), signal }).then((r) => r.data),
  });

export async function recordMaintenance(cartridgeId: number, input: MaintenanceInput): Promise<{ maintenance: Maintenance; cycles: CartridgeCycles }> {
  const { data } = await api.post<One<{ maintenance: Maintenance; cycles: CartridgeCycles }>>(`/cartridges/${cartridgeId}/maintenance`, input);
  return data.data;
}

/** After maintenance: the cartridge (its cycles, its history), the lists and the cassettes that show its bay. */
export async function maintenanceRecorded(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: cartridgeKeys.all }), client.invalidateQueries({ queryKey: cassetteKeys.all })]);
}
