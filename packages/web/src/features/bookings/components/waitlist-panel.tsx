import { Alert, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { localText } from '../../../lib/notify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddToWaitlist, useRemoveFromWaitlist, useWaitlist } from '../api/waitlist';
import { ContactFields } from './contact-fields';

const unitTypes = ['U', 'C', 'B', 'X'] as const;

/**
 * The day's waitlist of a location at the desk (issue 24 point 7): staff add a guest who found the
 * day full (name, phone or e-mail, kind of unit) and take a request out of line. The bookings
 * job offers a freed unit to the first in line, page or desk alike.
 */
export function WaitlistPanel({
  day,
  locationId,
  locationName,
}: {
  day: string;
  locationId: number;
  locationName: string;
}) {
  const { t } = useTranslation();
  const list = useWaitlist(day, locationId);
  const add = useAddToWaitlist();
  const remove = useRemoveFromWaitlist();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [unitType, setUnitType] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const requests = (list.data?.requests ?? []).filter((r) => r.status === 'waiting' || r.status === 'offered');
  const error = (add.error ?? remove.error) as Error | null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    add.mutate(
      { day, locationId, unitType, guestName: name, phone, email, channel: 'phone' },
      {
        onSuccess: (r) => {
          setDone(localText(r.details));
          setOpen(false);
          setName('');
          setPhone('');
          setEmail('');
        },
      },
    );
  };
  return (
    <Stack gap="xs" data-testid="waitlist-panel">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t('bookings.waitlistTitle', { location: locationName, count: requests.length })}</Title>
        <Button variant="light" onClick={() => setOpen(true)} data-testid="waitlist-add">
          {t('bookings.waitlistAdd')}
        </Button>
      </Group>
      {done && (
        <Alert color="teal" variant="light" role="status" data-testid="waitlist-done">
          {done}
        </Alert>
      )}
      {remove.error && <Alert color="red">{localText((remove.error as Error).message)}</Alert>}
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bookings.waitlistEmpty')}
        </Text>
      ) : (
        requests.map((r) => (
          <Card withBorder padding="xs" key={r.id} data-testid="waitlist-request" data-request={r.id}>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                {r.position}. {r.guestName} · {r.phone || r.email}
                {r.unitType ? ` · ${t(`unitTypes.${r.unitType}`, { defaultValue: r.unitType })}` : ''}
                {r.status === 'offered' ? ` · ${t('bookings.waitlistOffered')}` : ''}
              </Text>
              {r.status === 'waiting' && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables?.id === r.id}
                  onClick={() => remove.mutate({ id: r.id }, { onSuccess: (x) => setDone(localText(x.details)) })}
                >
                  {t('bookings.waitlistRemove')}
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
      {open && (
        <Modal
          opened
          onClose={() => setOpen(false)}
          title={t('bookings.waitlistAddTitle', { location: locationName, day })}
          className="touch-targets"
        >
          <form onSubmit={submit} data-testid="waitlist-form">
            <Stack gap="sm">
              <TextInput
                label={t('bookings.guestName')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={100}
                required
              />
              <ContactFields phone={phone} email={email} onPhone={setPhone} onEmail={setEmail} />
              <Select
                label={t('bookings.waitlistUnitType')}
                value={unitType}
                onChange={(v) => setUnitType(v ?? '')}
                allowDeselect={false}
                data={[
                  { value: '', label: t('bookings.waitlistAnyUnit') },
                  ...unitTypes.map((u) => ({ value: u, label: t(`unitTypes.${u}`, { defaultValue: u }) })),
                ]}
              />
              {error && <Alert color="red">{localText(error.message)}</Alert>}
              <Group>
                <Button type="submit" loading={add.isPending}>
                  {t('bookings.waitlistSave')}
                </Button>
                <Button variant="default" onClick={() => setOpen(false)}>
                  {t('bookings.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}
