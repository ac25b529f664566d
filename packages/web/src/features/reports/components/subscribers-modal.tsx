import { reportTextsEs } from '@sandbar/contract/i18n';
import { currentLanguage } from '../../../lib/current-language';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { parseEmailList, reportTexts } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';
import { useSaveEmailAddresses } from '../api/email';

/** 'Add / View Subscribers': the modal 'Add Subscriber' with a comma-separated address list. */
export function SubscribersModal({
  opened,
  reportType,
  emailAddresses,
  onClose,
}: {
  opened: boolean;
  reportType: string;
  emailAddresses: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEmailAddresses();
  const [value, setValue] = useState(emailAddresses);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const { invalid } = parseEmailList(value);
    if (invalid.length)
      return setError((currentLanguage() === 'es' ? reportTextsEs : reportTexts).invalidEmails(invalid));
    try {
      const r = await save.mutateAsync({ emailAddresses: value, reportType });
      toastSuccess(r.details);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('messages.report.addSubscriber')} centered size="lg">
      <Stack>
        <Textarea
          label={t('reports.emailAddresses')}
          value={value}
          autosize
          minRows={3}
          onChange={(e) => {
            setError(null);
            setValue(e.currentTarget.value);
          }}
          data-autofocus
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('messages.report.saveEmailAddresses')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
