import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The edit link and delete button every admin list row carries (people, locations, prices, hotels). */
export function RowActions({
  editTo,
  editLabel,
  deleteLabel,
  onDelete,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={editTo} leftSection={<IconPencil size={14} />}>
        {editLabel}
      </Button>
      <Button size="xs" variant="light" color="red" onClick={onDelete} leftSection={<IconTrash size={14} />}>
        {deleteLabel}
      </Button>
    </Group>
  );
}
