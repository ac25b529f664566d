import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './get-people-list';

/** POST /deletePeople {postData: id}: a user with history is deactivated, not erased. */
export const deletePeople = (id: number) =>
  api<{ success: 1; details: string; deactivated: boolean }>('/deletePeople', {
    method: 'POST',
    body: { postData: id },
  });

export function useDeletePeople() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePeople, onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }) });
}
