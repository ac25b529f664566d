import type { SearchWyndhamBody, SearchWyndhamResponse } from '@sandbar/contract/sales';
import { api } from '../../../lib/api';

/** POST /searchWyndham: hotel guests by last name and/or room (the wizard debounces it 1000 ms). */
export const searchWyndham = (body: SearchWyndhamBody, signal?: AbortSignal) =>
  api<SearchWyndhamResponse>('/searchWyndham', { method: 'POST', body, silent: true, signal });
