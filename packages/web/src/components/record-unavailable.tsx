import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api';
import { useAVPath } from '../lib/av';

/**
 * What an edit page shows when its record cannot be loaded (403 for a role, 404 for an unknown
 * id): the server's message and a way back, never an empty page after the toast (issue 14).
 */
export function RecordUnavailable({ error, backTo }: { error: unknown; backTo: string }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const message = error instanceof ApiError ? error.details : t('forms.recordUnavailable');
  return (
    <Container size="sm" py="md">
      <Stack>
        <Alert color="red" role="alert" data-testid="record-unavailable">
          {message}
        </Alert>
        <Button component={Link} to={to(backTo)} variant="default" w="fit-content">
          {t('forms.back')}
        </Button>
      </Stack>
    </Container>
  );
}
