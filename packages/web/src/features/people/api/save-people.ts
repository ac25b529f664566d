import type { SaveResponse } from '@sandbar/contract/admin-fields';
import type { PersonFormInput } from '@sandbar/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './get-people-list';

/** POST /savePeople {postData}: add (no id) or edit. */
export const savePeople = (postData: PersonFormInput) =>
  api<SaveResponse>('/savePeople', { method: 'POST', body: { postData }, silent: true });

export function useSavePeople() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePeople, onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }) });
}
