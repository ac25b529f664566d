import type { QueryClient } from '@tanstack/react-query';
import { unitsKeys } from './keys';

/** After a change: the board and the open unit refetch (the live event does the same elsewhere). */
export function invalidateUnits(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: unitsKeys.all });
}
