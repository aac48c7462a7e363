import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestHardwareChanged } from '../../../api/request-hardware';

/**
 * What every hardware panel does after a save: tell the shell, whose request machine reloads
 * where the request stands, and refresh the request's groups, choices, capacity and wiring
 * beside it. The shell is told first, so its Back and Continue are disabled (the reload is
 * busy) from the moment the save is in, not only once the panel shows the saved rows: told
 * after the refetch, a Continue pressed on the new rows could land as the reload began and
 * was dropped by the disabled button (an e2e run, 2026-12-02).
 */
export function useHardwareSaved(requestId: number, onDataChanged: () => void): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    onDataChanged();
    await requestHardwareChanged(client, requestId);
  }, [client, requestId, onDataChanged]);
}
