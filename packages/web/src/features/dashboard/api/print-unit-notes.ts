import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /printUnitNotes {noteId}: answers the ESC/POS PrintCode for the Android printer. */
export const printUnitNotes = (noteId: number) => api<{ PrintCode: string }>('/printUnitNotes', { body: { noteId } });

export const usePrintUnitNotes = () => useMutation({ mutationFn: printUnitNotes });
