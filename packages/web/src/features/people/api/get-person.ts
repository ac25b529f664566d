import type { PersonResponse } from '@sandbar/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './get-people-list';

/** GET /getPeopleList/{id}. */
export const personQuery = (id: number) =>
  queryOptions({
    queryKey: peopleKeys.one(id),
    queryFn: () => api<PersonResponse>(`/getPeopleList/${id}`),
    enabled: id > 0,
  });

export const usePerson = (id: number) => useQuery(personQuery(id));
