import type { PeopleListResponse } from '@sandbar/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const peopleKeys = {
  all: ['people'] as const,
  list: ['people', 'list'] as const,
  one: (id: number) => ['people', 'one', id] as const,
};

/** GET /getPeopleList: the users this user may manage, and the locations they may assign. */
export const peopleListQuery = queryOptions({
  queryKey: peopleKeys.list,
  queryFn: () => api<PeopleListResponse>('/getPeopleList'),
});

export const usePeopleList = () => useQuery(peopleListQuery);
