import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestHardwareChanged } from '../../../api/request-hardware';

/**
 * What every hardware panel does after a save: refresh the request's groups, choices, capacity
 * and wiring, then tell the shell, whose request machine reloads where the request stands.
 */
export function useHardwareSaved(requestId: number, onDataChanged: () => void): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await requestHardwareChanged(client, requestId);
    onDataChanged();
  }, [client, requestId, onDataChanged]);
}
