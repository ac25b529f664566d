import type { Settings } from '@sandbar/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const settingsKeys = { all: ['configSettings'] as const };

/** GET /getConfigSettings (admins). */
export const configSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: () => api<Settings>('/getConfigSettings') });

export const useConfigSettings = () => useQuery(configSettingsQuery());
