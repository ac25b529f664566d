import type { LogActionBody, UnitEntry } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unitsKeys } from './keys';

/** POST /logAction {unitId, logText}. */
export const logAction = (body: LogActionBody) =>
  api<{ success: 1; details: string; entry: UnitEntry }>('/logAction', { body });

export function useLogAction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: logAction, onSuccess: () => qc.invalidateQueries({ queryKey: unitsKeys.units() }) });
}
