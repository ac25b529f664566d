import type { SaveConfigSettingsBody, SaveConfigSettingsResponse } from '@sandbar/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsKeys } from './get-config-settings';

/** POST /saveConfigSettings: answers the message the screen toasts (spec section 8). */
export const saveConfigSettings = (body: SaveConfigSettingsBody) =>
  api<SaveConfigSettingsResponse>('/saveConfigSettings', { method: 'POST', body });

export function useSaveConfigSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveConfigSettings,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
