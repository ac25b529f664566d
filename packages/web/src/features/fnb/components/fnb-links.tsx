import { Button, Group } from '@mantine/core';
import { fnbStations } from '@sandbar/contract/fnb-texts';
import { Link } from 'react-router';
import { canAccess } from '@sandbar/contract/roles';
import { useCurrentUser } from '../../../lib/session';
import { paths } from '../../../app/paths';
import { useFnbTexts } from '../use-fnb-texts';

/** Above the board: the way to the bar's and kitchen's screens and the runner's view (issue 35). */
export function FnbLinks() {
  const { t } = useFnbTexts();
  const { data: user } = useCurrentUser();
  return (
    <Group gap="xs" data-testid="fnb-links">
      {fnbStations.map((s) => (
        <Button key={s} component={Link} to={paths.fnbStation(s)} variant="light" size="md" mih={48}>
          {t.station.title[s]}
        </Button>
      ))}
      <Button component={Link} to={paths.fnbRunner} variant="light" size="md" mih={48}>
        {t.station.runner}
      </Button>
      {user && canAccess(user.userType, 'reports') && (
        <Button component={Link} to={paths.fnbReport} variant="light" size="md" mih={48}>
          {t.reports.fnbSales}
        </Button>
      )}
    </Group>
  );
}
