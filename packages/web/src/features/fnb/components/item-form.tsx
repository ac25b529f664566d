import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Chip,
  FileButton,
  Group,
  Image,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { FnbCategory, FnbItem, SaveFnbItemBody } from '@sandbar/contract/fnb';
import { type FnbStation, fnbAllergens, fnbStations } from '@sandbar/contract/fnb-texts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { uploadMenuPhoto } from '../api/menu';
import { useFnbTexts } from '../use-fnb-texts';

type GroupIn = NonNullable<SaveFnbItemBody['modifierGroups']>[number];
type OptionIn = GroupIn['options'][number];

/** "7.50" → 750; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const m = /^\s*(-?)(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
export const priceText = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const hourOptions = Array.from({ length: 25 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

/** Hours from / until as two selects; both blank = all day. */
export function HoursFields(props: {
  start: number | null;
  end: number | null;
  onChange(start: number | null, end: number | null): void;
}) {
  const { t } = useFnbTexts();
  return (
    <Group grow align="flex-end">
      <Select
        label={t.admin.hours}
        placeholder={t.admin.hoursAllDay}
        data={hourOptions}
        clearable
        value={props.start == null ? null : String(props.start)}
        onChange={(v) => props.onChange(v == null ? null : Number(v), props.end)}
      />
      <Select
        aria-label={`${t.admin.hours} (2)`}
        placeholder={t.admin.hoursAllDay}
        data={hourOptions}
        clearable
        value={props.end == null ? null : String(props.end)}
        onChange={(v) => props.onChange(props.start, v == null ? null : Number(v))}
      />
    </Group>
  );
}

/** Add or edit an item: names and descriptions EN/ES, price, photo, allergens, station, hours, choices. */
export function ItemForm(props: {
  item: FnbItem | null;
  categories: FnbCategory[];
  defaultCategoryId: number | null;
  saving: boolean;
  error: string | null;
  onSave(body: SaveFnbItemBody): void;
  onCancel(): void;
}) {
  const { t } = useFnbTexts();
  const i = props.item;
  const [categoryId, setCategoryId] = useState<number | null>(i?.categoryId ?? props.defaultCategoryId);
  const [name, setName] = useState(i?.name ?? '');
  const [nameEs, setNameEs] = useState(i?.nameEs ?? '');
  const [description, setDescription] = useState(i?.description ?? '');
  const [descriptionEs, setDescriptionEs] = useState(i?.descriptionEs ?? '');
  const [price, setPrice] = useState(i ? priceText(i.priceCents) : '');
  const [photoUrl, setPhotoUrl] = useState(i?.photoUrl ?? '');
  const [allergens, setAllergens] = useState<string[]>(i?.allergens ?? []);
  const [station, setStation] = useState<FnbStation>(i?.station ?? 'bar');
  const [startHour, setStartHour] = useState<number | null>(i?.startHour ?? null);
  const [endHour, setEndHour] = useState<number | null>(i?.endHour ?? null);
  const [sortOrder, setSortOrder] = useState<number>(i?.sortOrder ?? 0);
  const [active, setActive] = useState(i?.active ?? true);
  const [groups, setGroups] = useState<GroupIn[]>(
    i?.modifierGroups.map((g) => ({
      id: g.id,
      name: g.name,
      nameEs: g.nameEs,
      minChoices: g.minChoices,
      maxChoices: g.maxChoices,
      options: g.options.map((o) => ({ id: o.id, name: o.name, nameEs: o.nameEs, priceDeltaCents: o.priceDeltaCents })),
    })) ?? [],
  );
  const [uploading, setUploading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const setGroup = (gi: number, patch: Partial<GroupIn>) =>
    setGroups((gs) => gs.map((g, k) => (k === gi ? { ...g, ...patch } : g)));
  const setOption = (gi: number, oi: number, patch: Partial<OptionIn>) =>
    setGroup(gi, { options: groups[gi]!.options.map((o, k) => (k === oi ? { ...o, ...patch } : o)) });

  const save = () => {
    const cents = parsePrice(price);
    if (cents === null || cents < 0) return setLocalError(t.errors.priceInvalid);
    if (!name.trim()) return setLocalError(t.errors.nameBlank);
    if (!categoryId) return setLocalError(t.errors.categoryNotFound);
    setLocalError(null);
    props.onSave({
      ...(i ? { id: i.id } : {}),
      categoryId,
      name,
      nameEs,
      description,
      descriptionEs,
      priceCents: cents,
      photoUrl,
      allergens: allergens as SaveFnbItemBody['allergens'],
      station,
      startHour,
      endHour,
      sortOrder,
      active,
      modifierGroups: groups,
    });
  };

  return (
    <Stack gap="sm" data-testid="item-form">
      <Select
        label={t.admin.category}
        data={props.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={categoryId ? String(categoryId) : null}
        onChange={(v) => setCategoryId(v ? Number(v) : null)}
        allowDeselect={false}
      />
      <Group grow>
        <TextInput label={t.admin.nameEn} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <TextInput label={t.admin.nameEs} value={nameEs} onChange={(e) => setNameEs(e.currentTarget.value)} />
      </Group>
      <Group grow align="flex-start">
        <Textarea
          label={t.admin.descriptionEn}
          value={description}
          autosize
          minRows={2}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Textarea
          label={t.admin.descriptionEs}
          value={descriptionEs}
          autosize
          minRows={2}
          onChange={(e) => setDescriptionEs(e.currentTarget.value)}
        />
      </Group>
      <Group grow align="flex-end">
        <TextInput
          label={t.admin.price}
          value={price}
          inputMode="decimal"
          placeholder="7.50"
          onChange={(e) => setPrice(e.currentTarget.value)}
          required
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="station-label">
            {t.admin.station}
          </Text>
          <SegmentedControl
            aria-labelledby="station-label"
            fullWidth
            value={station}
            onChange={(v) => setStation(v as FnbStation)}
            data={fnbStations.map((s) => ({ value: s, label: t.station.title[s] }))}
          />
        </div>
      </Group>
      <HoursFields start={startHour} end={endHour} onChange={(s, e) => (setStartHour(s), setEndHour(e))} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t.admin.photo}
        </Text>
        <Group>
          {photoUrl && <Image src={photoUrl} alt="" w={64} h={64} radius="sm" fit="cover" />}
          <FileButton
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(file) => {
              if (!file) return;
              setUploading(true);
              uploadMenuPhoto(file)
                .then(setPhotoUrl)
                .catch((err: unknown) => setLocalError(err instanceof ApiError ? err.details : String(err)))
                .finally(() => setUploading(false));
            }}
          >
            {(p) => (
              <Button variant="default" loading={uploading} {...p}>
                {t.admin.photo}
              </Button>
            )}
          </FileButton>
          {photoUrl && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t.admin.photo} ×`}
              onClick={() => setPhotoUrl('')}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t.admin.allergens}
        </Text>
        <Chip.Group multiple value={allergens} onChange={setAllergens}>
          <Group gap={6}>
            {fnbAllergens.map((a) => (
              <Chip key={a} value={a} size="sm">
                {t.allergenNames[a]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow>
        <NumberInput
          label={t.admin.sortOrder}
          value={sortOrder}
          min={0}
          max={10000}
          onChange={(v) => setSortOrder(Number(v) || 0)}
        />
        <Switch label={t.admin.active} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} mt="lg" />
      </Group>
      <Text fw={700} mt="sm">
        {t.admin.modifiers}
      </Text>
      {groups.map((g, gi) => (
        <Card key={g.id ?? `new-${gi}`} withBorder padding="sm" data-testid="modifier-group">
          <Stack gap="xs">
            <Group grow align="flex-end">
              <TextInput
                label={`${t.admin.modifierGroup} — ${t.admin.nameEn}`}
                value={g.name}
                onChange={(e) => setGroup(gi, { name: e.currentTarget.value })}
              />
              <TextInput
                label={`${t.admin.modifierGroup} — ${t.admin.nameEs}`}
                value={g.nameEs ?? ''}
                onChange={(e) => setGroup(gi, { nameEs: e.currentTarget.value })}
              />
            </Group>
            <Group grow align="flex-end">
              <NumberInput
                label={t.admin.minChoices}
                min={0}
                max={10}
                value={g.minChoices ?? 0}
                onChange={(v) => setGroup(gi, { minChoices: Number(v) || 0 })}
              />
              <NumberInput
                label={t.admin.maxChoices}
                min={1}
                max={10}
                value={g.maxChoices ?? 1}
                onChange={(v) => setGroup(gi, { maxChoices: Number(v) || 1 })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="xl"
                aria-label={`${t.admin.modifierGroup} ${gi + 1} ×`}
                onClick={() => setGroups(groups.filter((_, k) => k !== gi))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {g.options.map((o, oi) => (
              <Group key={o.id ?? `new-${oi}`} grow align="flex-end" wrap="nowrap">
                <TextInput
                  label={`${t.admin.modifierOption} — ${t.admin.nameEn}`}
                  value={o.name}
                  onChange={(e) => setOption(gi, oi, { name: e.currentTarget.value })}
                />
                <TextInput
                  label={`${t.admin.modifierOption} — ${t.admin.nameEs}`}
                  value={o.nameEs ?? ''}
                  onChange={(e) => setOption(gi, oi, { nameEs: e.currentTarget.value })}
                />
                <TextInput
                  label={t.admin.priceDelta}
                  inputMode="decimal"
                  defaultValue={priceText(o.priceDeltaCents ?? 0)}
                  onChange={(e) => {
                    const c = parsePrice(e.currentTarget.value);
                    if (c !== null) setOption(gi, oi, { priceDeltaCents: c });
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  style={{ flex: 'none' }}
                  aria-label={`${t.admin.modifierOption} ${oi + 1} ×`}
                  disabled={g.options.length <= 1}
                  onClick={() => setGroup(gi, { options: g.options.filter((_, k) => k !== oi) })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              onClick={() => setGroup(gi, { options: [...g.options, { name: '', nameEs: '', priceDeltaCents: 0 }] })}
            >
              + {t.admin.modifierOption}
            </Button>
          </Stack>
        </Card>
      ))}
      <Button
        variant="default"
        onClick={() =>
          setGroups([
            ...groups,
            {
              name: '',
              nameEs: '',
              minChoices: 1,
              maxChoices: 1,
              options: [{ name: '', nameEs: '', priceDeltaCents: 0 }],
            },
          ])
        }
      >
        {t.admin.addModifierGroup}
      </Button>
      {(localError || props.error) && <Alert color="red">{localError ?? props.error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t.common.cancel}
        </Button>
        <Button onClick={save} loading={props.saving}>
          {t.common.save}
        </Button>
      </Group>
    </Stack>
  );
}
