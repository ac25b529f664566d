import { Alert, Button, Card, Container, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { type HotelOption, type PriceRow, PriceForm, unitTypes } from '@sandbar/contract/prices';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { FormErrors } from '../../../components/form-errors';
import {
  HiddenField,
  NumberField,
  SelectField,
  TextField,
  TextareaField,
  ToggleField,
} from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { ApiError } from '../../../lib/api';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { usePrice } from '../api/get-price';
import { useSavePrice } from '../api/save-price';
import { RecordUnavailable } from '../../../components/record-unavailable';

/** /config/price/add and /config/price/edit/{id}. */
export function PriceFormPage() {
  const { id } = useParams();
  const priceId = Number(id ?? 0);
  const price = usePrice(priceId);
  if (priceId) {
    if (price.isPending) return <FullPageLoader />;
    if (!price.data) return <RecordUnavailable error={price.error} backTo={paths.prices} />;
    return <PriceFormCard price={price.data.price} hotels={price.data.hotels} />;
  }
  return <PriceFormCard price={null} hotels={[]} />;
}

const hours = Array.from({ length: 25 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));

function PriceFormCard({ price, hotels }: { price: PriceRow | null; hotels: HotelOption[] }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const navigate = useNavigate();
  const save = useSavePrice();
  const f = useFormState({
    id: price ? String(price.id) : '',
    name: price?.name ?? '',
    // Issue 26: the Spanish name and the descriptions (optional; Spanish falls back to English).
    nameEs: price?.nameEs ?? '',
    description: price?.description ?? '',
    descriptionEs: price?.descriptionEs ?? '',
    price: price?.price ?? '',
    // Spec section 3: retail and hotel rate default to 0.00.
    retailRate: price?.retailRate ?? '0.00',
    hotelRate: price?.hotelRate ?? '0.00',
    addOn: price?.addOn ?? '0',
    sort: price ? String(price.sort) : '',
    startTime: price ? String(price.startTime) : '',
    endTime: price ? String(price.endTime) : '',
    unitType: price?.unitType ?? '',
    projectHotels: price?.projectHotels.split(',')[0] ?? '',
    allHotels: price?.allHotels ?? '0',
  });
  const v = f.values;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PriceForm.safeParse(v);
    if (!parsed.success) {
      f.setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    save.mutate(v, {
      onSuccess: (res) => {
        toastSuccess(res.details);
        navigate(to(paths.prices));
      },
      onError: (err) => f.setErrors([err instanceof ApiError ? err.details : String(err)]),
    });
  };

  return (
    <Container size="md" py="md">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>{price ? t('prices.editTitle') : t('prices.addTitle')}</Title>
            <HiddenField name="id" value={v.id} />
            <TextField label={t('prices.name')} name="name" value={v.name} onChange={f.bind('name')} required />
            <TextField label={t('prices.nameEs')} name="nameEs" value={v.nameEs} onChange={f.bind('nameEs')} />
            <TextareaField
              label={t('prices.description')}
              name="description"
              value={v.description}
              onChange={f.bind('description')}
              minRows={2}
            />
            <TextareaField
              label={t('prices.descriptionEs')}
              name="descriptionEs"
              value={v.descriptionEs}
              onChange={f.bind('descriptionEs')}
              minRows={2}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberField
                label={t('prices.price')}
                name="price"
                value={v.price}
                onChange={f.bind('price')}
                step="0.01"
              />
              <NumberField
                label={t('prices.retailRate')}
                name="retailRate"
                value={v.retailRate}
                onChange={f.bind('retailRate')}
                step="0.01"
              />
              <NumberField
                label={t('prices.hotelRate')}
                name="hotelRate"
                value={v.hotelRate}
                onChange={f.bind('hotelRate')}
                step="0.01"
              />
              <SelectField
                label={t('prices.startTime')}
                name="startTime"
                value={v.startTime}
                onChange={f.bind('startTime')}
                options={hours}
              />
              <SelectField
                label={t('prices.endTime')}
                name="endTime"
                value={v.endTime}
                onChange={f.bind('endTime')}
                options={hours}
              />
              <SelectField
                label={t('prices.unitType')}
                name="unitType"
                value={v.unitType}
                onChange={f.bind('unitType')}
                options={unitTypes.map((u) => ({ value: u, label: t(`prices.unitTypes.${u}`) }))}
              />
              <NumberField label={t('prices.sort')} name="sort" value={v.sort} onChange={f.bind('sort')} step="1" />
            </SimpleGrid>
            <ToggleField label={t('prices.addOn')} name="addOn" value={v.addOn} onChange={f.bind('addOn')} />
            {price ? (
              <Group align="flex-end">
                <SelectField
                  label={t('prices.hotelLink')}
                  name="projectHotels"
                  value={v.projectHotels}
                  onChange={f.bind('projectHotels')}
                  options={hotels.map((h) => ({ value: String(h.id), label: h.name }))}
                  disabled={v.allHotels === '1'}
                />
                <ToggleField
                  label={t('prices.allHotels')}
                  name="allHotels"
                  value={v.allHotels}
                  onChange={f.bind('allHotels')}
                />
              </Group>
            ) : (
              <Alert color="blue" data-testid="hotel-on-edit-only">
                {t('messages.price.hotelOnEditOnly')}
              </Alert>
            )}
            <FormErrors errors={f.errors} />
            <Group justify="space-between">
              <Button variant="default" component={Link} to={to(paths.prices)}>
                {t('prices.back')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('prices.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
