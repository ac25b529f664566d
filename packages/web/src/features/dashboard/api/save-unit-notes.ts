import type { SaveUnitNotesBody, UnitEntry } from '@sandbar/contract/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unitsKeys } from './keys';

/** POST /saveUnitNotes/{unitId} {customNotes}. */
export const saveUnitNotes = (unitId: number, body: SaveUnitNotesBody) =>
  api<{ success: 1; details: string; entry: UnitEntry }>(`/saveUnitNotes/${unitId}`, { body });

export function useSaveUnitNotes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { unitId: number } & SaveUnitNotesBody) =>
      saveUnitNotes(v.unitId, { customNotes: v.customNotes, timeStamp: v.timeStamp }),
    onSuccess: () => qc.invalidateQueries({ queryKey: unitsKeys.units() }),
  });
}
