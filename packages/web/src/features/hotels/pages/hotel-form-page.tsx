import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { type HotelResponse, HotelForm } from '@sandbar/contract/hotels';
import { uploadLimits } from '@sandbar/contract/uploads';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { FileDropUpload } from '../../../components/file-drop-upload';
import { updateFileNames } from '../api/update-file-names';
import { FormErrors } from '../../../components/form-errors';
import { HiddenField, LinkedTable, TextField, TextareaField, ToggleField } from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { useAVPath } from '../../../lib/av';
import { hotelKeys } from '../api/get-hotel-list';
import { useHotel } from '../api/get-hotel';
import { useSaveHotel } from '../api/save-hotel';
import { uploadRoster } from '../api/upload-roster';
import { RecordUnavailable } from '../../../components/record-unavailable';
import { PmsCard } from './pms-card';

/** /config/hotel/add ('Add New Hotel') and /config/hotel/edit/{id} (fields once the record has a name). */
export function HotelFormPage() {
  const { id } = useParams();
  const hotelId = Number(id ?? 0);
  const hotel = useHotel(hotelId);
  if (hotelId) {
    if (!hotel.data?.hotel.name)
      return hotel.isPending ? <FullPageLoader /> : <RecordUnavailable error={hotel.error} backTo={paths.hotels} />;
    return <HotelFormCard data={hotel.data} />;
  }
  return <HotelFormCard data={null} />;
}

function HotelFormCard({ data }: { data: HotelResponse | null }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const navigate = useNavigate();
  const save = useSaveHotel();
  const hotel = data?.hotel;
  const f = useFormState({
    id: hotel ? String(hotel.id) : '',
    name: hotel?.name ?? '',
    contactName: hotel?.contactName ?? '',
    contactEmail: hotel?.contactEmail ?? '',
    roomRange: hotel?.roomRange ?? '',
    vacationOwnerRule: hotel?.vacationOwnerRule ?? '0',
  });
  const v = f.values;

  // Spec section 4: a valid save sends the record and goes to the list at once.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = HotelForm.safeParse(v);
    if (!parsed.success) {
      f.setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    save.mutate(v);
    navigate(to(paths.hotels));
  };

  return (
    <Container size="lg" py="md">
      <Stack>
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={2}>{hotel ? t('hotels.editTitle') : t('messages.hotel.addTitle')}</Title>
              <HiddenField name="id" value={v.id} />
              <TextField label={t('hotels.name')} name="name" value={v.name} onChange={f.bind('name')} required />
              <TextField
                label={t('hotels.contactName')}
                name="contactName"
                value={v.contactName}
                onChange={f.bind('contactName')}
                required={!hotel}
              />
              <TextareaField
                label={t('hotels.contactEmail')}
                description={t('hotels.contactEmailHint')}
                name="contactEmail"
                value={v.contactEmail}
                onChange={f.bind('contactEmail')}
                required={!hotel}
              />
              <TextareaField
                label={t('hotels.roomRange')}
                name="roomRange"
                value={v.roomRange}
                onChange={f.bind('roomRange')}
              />
              <ToggleField
                label={t('hotels.vacationOwnerRule')}
                name="vacationOwnerRule"
                value={v.vacationOwnerRule}
                onChange={f.bind('vacationOwnerRule')}
              />
              <FormErrors errors={f.errors} />
              <Group justify="space-between">
                <Button variant="default" component={Link} to={to(paths.hotels)}>
                  {t('hotels.back')}
                </Button>
                <Button type="submit">{t('messages.hotel.save')}</Button>
              </Group>
            </Stack>
          </form>
        </Card>
        {data && hotel && hotel.isOther !== '1' && <PmsCard hotelId={hotel.id} />}
        {data && hotel && hotel.isOther !== '1' && <RosterCard data={data} />}
      </Stack>
    </Container>
  );
}

/** The hotel's guest roster: drag-and-drop CSV import and the roster table (DESIGN.md section 6). */
function RosterCard({ data }: { data: HotelResponse }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = data.hotel.id;
  return (
    <Card withBorder padding="lg" data-testid="roster">
      <Stack>
        <Title order={3}>{t('hotels.rosterTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('hotels.rosterHint')}
        </Text>
        <FileDropUpload
          testId="roster-drop"
          label={t('hotels.rosterDrop')}
          maxSize={uploadLimits.rosterBytes}
          existingNames={data.rosterFiles.filter((f) => f.status === 1).map((f) => f.fileName)}
          upload={(file) => uploadRoster(id, file)}
          onUploaded={() => qc.invalidateQueries({ queryKey: hotelKeys.all })}
          saveNames={(names) => updateFileNames(id, names)}
          onClosed={() => qc.invalidateQueries({ queryKey: hotelKeys.all })}
        />
        <LinkedTable
          label={`${t('hotels.guests')} (${data.guests.length})`}
          testId="roster-table"
          empty={t('hotels.rosterEmpty')}
          rowKey={(g) => g.id}
          rows={data.guests}
          columns={[
            { key: 'Room', label: t('hotels.room') },
            { key: 'Guest_Name', label: t('hotels.guestName') },
            { key: 'Accompanying_Guest_Name', label: t('hotels.accompanying') },
            { key: 'Additional', label: t('hotels.additional') },
          ]}
        />
      </Stack>
    </Card>
  );
}
