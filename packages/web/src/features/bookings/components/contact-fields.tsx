import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A guest's phone and e-mail side by side (a booking and a waitlist request ask both; one will do). */
export function ContactFields(props: {
  phone: string;
  email: string;
  onPhone(value: string): void;
  onEmail(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Group grow>
      <TextInput
        label={t('bookings.phone')}
        type="tel"
        value={props.phone}
        onChange={(e) => props.onPhone(e.currentTarget.value)}
        maxLength={30}
      />
      <TextInput
        label={t('bookings.email')}
        type="email"
        value={props.email}
        onChange={(e) => props.onEmail(e.currentTarget.value)}
        maxLength={200}
      />
    </Group>
  );
}
