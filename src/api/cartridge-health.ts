import { queryOptions } from '@tanstack/react-query';
import type { CartridgeHealth, CartridgeHealthQuery } from '../../contract/cartridge-health';
import type { One } from '../../contract/envelope';
import { cartridgeKeys } from './cartridges';
import { api } from './client';

/** Under the cartridge's keys: recording its maintenance refreshes its health too. */
export const cartridgeHealthKey = (id: number, params: Partial<CartridgeHealthQuery>) => [...cartridgeKeys.one(id), 'health', params] as const;

/** `GET /cartridges/{id}/health`: its false fails, failing steps and false fails over its contact cycles. */
export const cartridgeHealthOptions = (id: number, params: Partial<CartridgeHealthQuery> = {}) =>
  queryOptions({
    queryKey: cartridgeHealthKey(id, params),
    queryFn: ({ signal }) => api.get<One<CartridgeHealth>>(`/cartridges/${id}/health`, { params, signal }).then((r) => r.data.data),
    enabled: id > 0,
  });

export const cartridgeHealthHref = (id: number) => `/cartridges/${id}/health`;
