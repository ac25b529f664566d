import { Button, Card, Container, Divider, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type LocationRow, LocationForm } from '@sandbar/contract/locations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { FormErrors } from '../../../components/form-errors';
import { HiddenField, NumberField, TextField } from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { useAVPath } from '../../../lib/av';
import { useLocation } from '../api/get-location';
import { useSaveLocation } from '../api/save-location';
import { RecordUnavailable } from '../../../components/record-unavailable';

/** /config/location/add ('Add New Location') and /config/location/edit/{id} (spinner until loaded). */
export function LocationFormPage() {
  const { id } = useParams();
  const locationId = Number(id ?? 0);
  const loc = useLocation(locationId);
  if (locationId) {
    if (loc.isPending) return <FullPageLoader />;
    if (!loc.data) return <RecordUnavailable error={loc.error} backTo={paths.locations} />;
    return <LocationFormCard location={loc.data.location} />;
  }
  return <LocationFormCard location={null} />;
}

function LocationFormCard({ location }: { location: LocationRow | null }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const navigate = useNavigate();
  const save = useSaveLocation();
  const f = useFormState({
    id: location ? String(location.id) : '',
    name: location?.name ?? '',
    fullName: location?.fullName ?? '',
    umbrellas: location ? String(location.umbrellas) : '',
    umbrellaRows: location ? String(location.umbrellaRows) : '',
    // Issue 33 (decision 300): 'venue' follows Config → Bookings (stored as '').
    bookingPayment: location?.bookingPayment || 'venue',
    bookingDeposit: location?.bookingDeposit ?? '',
  });
  const v = f.values;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // Spec section 5: form errors clear when any field changes.
  const bind = (name: keyof typeof v) => (value: string) => {
    setFieldErrors({});
    f.bind(name)(value);
  };

  // Spec section 4: a valid save sends the record and goes to the list at once.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = { ...v, bookingPayment: v.bookingPayment === 'venue' ? '' : v.bookingPayment };
    const parsed = LocationForm.safeParse(sent);
    if (!parsed.success) {
      // Each message goes under the field it names; the first one wins per field.
      const byField: Record<string, string> = {};
      for (const i of parsed.error.issues) byField[String(i.path[0])] ??= i.message;
      setFieldErrors(byField);
      return;
    }
    save.mutate(sent as typeof sent & { bookingPayment: '' | 'none' | 'deposit' | 'full' });
    navigate(to(paths.locations));
  };

  return (
    <Container size="sm" py="md">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>{location ? t('locations.editTitle') : t('messages.location.addTitle')}</Title>
            <HiddenField name="id" value={v.id} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                label={t('locations.initials')}
                name="name"
                value={v.name}
                onChange={bind('name')}
                error={fieldErrors.name}
                required
              />
              <TextField
                label={t('locations.fullName')}
                name="fullName"
                value={v.fullName}
                onChange={bind('fullName')}
                error={fieldErrors.fullName}
                required
              />
              <NumberField
                label={t('locations.umbrellas')}
                description={t('locations.umbrellasPerRowHint')}
                name="umbrellas"
                value={v.umbrellas}
                onChange={bind('umbrellas')}
                error={fieldErrors.umbrellas}
                step="1"
                min={1}
                required
              />
              <NumberField
                label={t('locations.rowsLabel')}
                description={t('locations.rowsHint')}
                name="umbrellaRows"
                value={v.umbrellaRows}
                onChange={bind('umbrellaRows')}
                error={fieldErrors.umbrellaRows}
                step="1"
                min={1}
                required
              />
            </SimpleGrid>
            {location && (
              <Text size="sm" c="dimmed">
                {t('locations.resizeHint')}
              </Text>
            )}
            <Divider label={t('locations.paymentSection')} labelPosition="left" />
            {/* Four choices, one per line: side by side they wrap two by two on a phone. */}
            <Radio.Group
              name="bookingPayment"
              label={t('locations.payment')}
              description={t('locations.paymentHint')}
              value={v.bookingPayment}
              onChange={bind('bookingPayment')}
              error={fieldErrors.bookingPayment}
            >
              <Stack gap="xs" mt={6}>
                {(['venue', 'none', 'deposit', 'full'] as const).map((r) => (
                  <Radio key={r} value={r} label={t(`locations.paymentRules.${r}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {v.bookingPayment === 'deposit' && (
              <TextField
                label={t('locations.deposit')}
                description={t('locations.depositHint')}
                name="bookingDeposit"
                value={v.bookingDeposit}
                onChange={bind('bookingDeposit')}
                error={fieldErrors.bookingDeposit}
              />
            )}
            <FormErrors errors={f.errors} />
            <Group justify="space-between">
              <Button variant="default" component={Link} to={to(paths.locations)}>
                {t('locations.back')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('locations.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
