import type { PrintCodeResponse } from '@sandbar/contract/sales';
import { api } from '../../../lib/api';

/** GET /getPrintNotes: the drop-off sheet as ESC/POS (PrintCode) plus its lines. */
export const getPrintNotes = () => api<PrintCodeResponse>('/getPrintNotes', { silent: true });
