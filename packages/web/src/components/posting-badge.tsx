import { Badge } from '@mantine/core';
import { type SalePostingState, postingTextsIn } from '@sandbar/contract/pms-postings';
import { currentLanguage } from '../lib/current-language';

const stateColor: Record<SalePostingState, string> = {
  posted: 'teal',
  pending: 'yellow',
  failed: 'red',
  voided: 'gray',
  voidPending: 'yellow',
  voidFailed: 'red',
};

/** A room charge's posting to the hotel's PMS as a badge (issue 34), the whole word, never cut. */
export function PostingBadge({ state }: { state: SalePostingState }) {
  const words = postingTextsIn(currentLanguage());
  return (
    <Badge
      color={stateColor[state]}
      variant={state === 'failed' || state === 'voidFailed' ? 'filled' : 'light'}
      data-testid="posting-state"
      data-state={state}
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
      style={{ flexShrink: 0 }}
    >
      {words[state]}
    </Badge>
  );
}
