import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { FnbCategory, FnbItem, SaveFnbCategoryBody } from '@sandbar/contract/fnb';
import { fnbAllergenNames, fnbPrice } from '@sandbar/contract/fnb-texts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useDeleteItem, useFnbMenu, useSaveCategory, useSaveItem, useSetSoldOut } from '../api/menu';
import { HoursFields, ItemForm } from '../components/item-form';
import { useFnbLive } from '../hooks/use-fnb-live';
import { useFnbTexts } from '../use-fnb-texts';

const hours = (x: { startHour: number | null; endHour: number | null }, allDay: string) =>
  x.startHour == null || x.endHour == null
    ? allDay
    : `${String(x.startHour).padStart(2, '0')}:00–${String(x.endHour).padStart(2, '0')}:00`;

function CategoryForm(props: {
  category: FnbCategory | null;
  saving: boolean;
  error: string | null;
  onSave(b: SaveFnbCategoryBody): void;
  onCancel(): void;
}) {
  const { t } = useFnbTexts();
  const c = props.category;
  const [name, setName] = useState(c?.name ?? '');
  const [nameEs, setNameEs] = useState(c?.nameEs ?? '');
  const [startHour, setStart] = useState<number | null>(c?.startHour ?? null);
  const [endHour, setEnd] = useState<number | null>(c?.endHour ?? null);
  const [active, setActive] = useState(c?.active ?? true);
  return (
    <Stack gap="sm" data-testid="category-form">
      <TextInput label={t.admin.nameEn} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
      <TextInput label={t.admin.nameEs} value={nameEs} onChange={(e) => setNameEs(e.currentTarget.value)} />
      <HoursFields start={startHour} end={endHour} onChange={(s, e) => (setStart(s), setEnd(e))} />
      <Switch label={t.admin.active} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      {props.error && <Alert color="red">{props.error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t.common.cancel}
        </Button>
        <Button
          loading={props.saving}
          onClick={() =>
            props.onSave({
              ...(c ? { id: c.id, sortOrder: c.sortOrder } : {}),
              name,
              nameEs,
              startHour,
              endHour,
              active,
            })
          }
        >
          {t.common.save}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Admin → Menu (issue 35 point 1): categories, items in English and Spanish with price, photo,
 * allergens, choices, hours and station, and the 86 switch that reaches every phone and tablet.
 */
export function MenuPage() {
  const { t, lang } = useFnbTexts();
  const { data: menu, isPending, error } = useFnbMenu();
  useFnbLive();
  const saveCategory = useSaveCategory();
  const saveItem = useSaveItem();
  const deleteItem = useDeleteItem();
  const soldOut = useSetSoldOut();
  const [editCategory, setEditCategory] = useState<FnbCategory | 'new' | null>(null);
  const [editItem, setEditItem] = useState<{ item: FnbItem | null; categoryId: number | null } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const fail = (err: unknown) => setFormError(err instanceof ApiError ? err.details : String(err));

  if (isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (error || !menu) return <Alert color="red">{(error as Error)?.message}</Alert>;
  const categories = [...menu.categories].sort((a, b) => a.sortOrder - b.sortOrder);
  const localName = (x: { name: string; nameEs: string }) => (lang === 'es' && x.nameEs ? x.nameEs : x.name);

  return (
    <Container size="lg" py="md" data-testid="menu-page">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t.admin.title}
        </Title>
        <Group>
          <Button component={Link} to={paths.fnbQr} variant="default">
            {t.admin.qrCodes}
          </Button>
          <Button variant="default" onClick={() => (setFormError(null), setEditCategory('new'))}>
            {t.admin.addCategory}
          </Button>
          <Button
            onClick={() => (setFormError(null), setEditItem({ item: null, categoryId: categories[0]?.id ?? null }))}
            disabled={!categories.length}
          >
            {t.admin.addItem}
          </Button>
        </Group>
      </Group>
      <Stack gap="xl">
        {categories.map((c) => {
          const items = menu.items.filter((i) => i.categoryId === c.id).sort((a, b) => a.sortOrder - b.sortOrder);
          return (
            <section key={c.id} aria-labelledby={`cat-${c.id}`} data-testid="menu-category">
              <Group justify="space-between" mb="xs">
                <Group gap="xs">
                  <Title order={2} size="h3" id={`cat-${c.id}`}>
                    {localName(c)}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {hours(c, t.admin.hoursAllDay)}
                  </Text>
                  {!c.active && <Badge color="gray">{t.admin.active} ✗</Badge>}
                </Group>
                <Group gap="xs">
                  <Button variant="subtle" onClick={() => (setFormError(null), setEditCategory(c))}>
                    {t.common.edit} {localName(c)}
                  </Button>
                  <Button
                    variant="subtle"
                    onClick={() => (setFormError(null), setEditItem({ item: null, categoryId: c.id }))}
                  >
                    {t.admin.addItem}
                  </Button>
                </Group>
              </Group>
              <Table.ScrollContainer minWidth={640}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.common.name}</Table.Th>
                      <Table.Th>{t.admin.soldOut}</Table.Th>
                      <Table.Th>{t.admin.price}</Table.Th>
                      <Table.Th>{t.admin.station}</Table.Th>
                      <Table.Th>{t.admin.hours}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t.common.edit}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((i) => (
                      <Table.Tr key={i.id} data-testid="menu-item" data-item={i.id}>
                        <Table.Td>
                          <Text fw={600} size="sm" td={i.active ? undefined : 'line-through'}>
                            {i.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {i.nameEs}
                            {i.modifierGroups.length > 0 && ` · ${i.modifierGroups.map((g) => g.name).join(', ')}`}
                            {i.allergens.length > 0 && ` · ${t.admin.allergens}: ${fnbAllergenNames(t, i.allergens)}`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            color="red"
                            checked={i.soldOut}
                            aria-label={`${t.admin.soldOut}: ${i.name}`}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              soldOut.mutate(
                                { itemId: i.id, soldOut: on },
                                {
                                  onSuccess: () =>
                                    toastSuccess(on ? t.admin.soldOutOn(i.name) : t.admin.soldOutOff(i.name)),
                                  onError: (err) => toastError(err instanceof ApiError ? err.details : String(err)),
                                },
                              );
                            }}
                          />
                        </Table.Td>
                        <Table.Td>{fnbPrice(i.priceCents)}</Table.Td>
                        <Table.Td>{t.station.title[i.station]}</Table.Td>
                        <Table.Td>{hours(i, '—')}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => (setFormError(null), setEditItem({ item: i, categoryId: i.categoryId }))}
                            >
                              {t.common.edit}
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => {
                                if (!window.confirm(t.common.deleteConfirm(i.name))) return;
                                deleteItem.mutate(
                                  { id: i.id },
                                  {
                                    onSuccess: () => toastSuccess(t.admin.deleted),
                                    onError: (err) => toastError(err instanceof ApiError ? err.details : String(err)),
                                  },
                                );
                              }}
                            >
                              {t.common.delete}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </section>
          );
        })}
      </Stack>
      <Modal
        opened={editCategory !== null}
        onClose={() => setEditCategory(null)}
        title={editCategory === 'new' ? t.admin.addCategory : t.admin.categories}
      >
        {editCategory !== null && (
          <CategoryForm
            category={editCategory === 'new' ? null : editCategory}
            saving={saveCategory.isPending}
            error={formError}
            onCancel={() => setEditCategory(null)}
            onSave={(b) =>
              saveCategory.mutate(b, {
                onSuccess: () => (toastSuccess(t.admin.saved), setEditCategory(null)),
                onError: fail,
              })
            }
          />
        )}
      </Modal>
      <Modal
        opened={editItem !== null}
        onClose={() => setEditItem(null)}
        title={editItem?.item ? editItem.item.name : t.admin.addItem}
        size="xl"
      >
        {editItem !== null && (
          <ItemForm
            item={editItem.item}
            categories={categories}
            defaultCategoryId={editItem.categoryId}
            saving={saveItem.isPending}
            error={formError}
            onCancel={() => setEditItem(null)}
            onSave={(b) =>
              saveItem.mutate(b, {
                onSuccess: () => (toastSuccess(t.admin.saved), setEditItem(null)),
                onError: fail,
              })
            }
          />
        )}
      </Modal>
    </Container>
  );
}
