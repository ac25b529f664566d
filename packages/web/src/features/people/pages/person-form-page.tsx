import { Button, Card, Container, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  type LocationOption,
  type Person,
  PersonForm,
  type PersonFormInput,
  manageableTypes,
} from '@sandbar/contract/people';
import type { UserType } from '@sandbar/contract/roles';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/guards';
import { paths } from '../../../app/paths';
import { FormErrors } from '../../../components/form-errors';
import {
  CheckboxField,
  EmailField,
  HiddenField,
  PasswordField,
  PhoneField,
  SelectField,
  TextField,
  ToggleField,
} from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { ApiError } from '../../../lib/api';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { usePeopleList } from '../api/get-people-list';
import { usePerson } from '../api/get-person';
import { useSavePeople } from '../api/save-people';
import { RecordUnavailable } from '../../../components/record-unavailable';

const blank = {
  id: '',
  name: '',
  initials: '',
  phone: '',
  email: '',
  user: '',
  pass: '',
  confirmPass: '',
  locations: '',
  admin: '0',
  supervisor: '0',
  manager: '0',
  userType: 'U',
  twoFactor: '0',
  languageCode: 'en',
};
type Values = typeof blank;

/** /config/people/add and /config/people/edit/{id}. */
export function PersonFormPage() {
  const { id } = useParams();
  const personId = Number(id ?? 0);
  const person = usePerson(personId);
  const list = usePeopleList();
  if (personId) {
    if (person.isPending) return <FullPageLoader />;
    if (!person.data) return <RecordUnavailable error={person.error} backTo={paths.people} />;
    return <PersonFormCard person={person.data.person} locationList={person.data.locationList} />;
  }
  if (list.isPending) return <FullPageLoader />;
  return <PersonFormCard person={null} locationList={list.data?.locationList ?? []} />;
}

function PersonFormCard({ person, locationList }: { person: Person | null; locationList: LocationOption[] }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const save = useSavePeople();
  const initial: Values = person
    ? {
        ...blank,
        ...person,
        id: String(person.id),
        pass: '',
        confirmPass: '',
      }
    : blank;
  const f = useFormState<Values>(initial);
  const v = f.values;
  const editing = !!person;
  const myType = (me?.userType ?? 'U') as UserType;
  const grantable = manageableTypes(myType);
  // Spec section 6: the add form shows all three toggles; on edit, admin and supervisor only for admins.
  const showTop = !editing || myType === 'A';

  // One role at a time: turning a flag on turns the others off.
  const setFlag = (flag: 'admin' | 'supervisor' | 'manager') => (value: string) => {
    f.setValues((cur) => ({
      ...cur,
      admin: flag === 'admin' ? value : value === '1' ? '0' : cur.admin,
      supervisor: flag === 'supervisor' ? value : value === '1' ? '0' : cur.supervisor,
      manager: flag === 'manager' ? value : value === '1' ? '0' : cur.manager,
    }));
    f.setErrors([]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PersonForm.safeParse(v);
    if (!parsed.success) {
      f.setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    // The form keeps plain strings; the parse above has just checked they are the form's values.
    save.mutate(v as PersonFormInput, {
      onSuccess: (res) => {
        toastSuccess(res.details);
        navigate(to(paths.people));
      },
      onError: (err) => f.setErrors([err instanceof ApiError ? err.details : String(err)]),
    });
  };

  return (
    <Container size="md" py="md">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>{editing ? t('people.editTitle') : t('people.addTitle')}</Title>
            <HiddenField name="id" value={v.id} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('people.name')} name="name" value={v.name} onChange={f.bind('name')} required />
              <TextField
                label={t('people.initials')}
                name="initials"
                value={v.initials}
                onChange={f.bind('initials')}
                required
              />
              <PhoneField label={t('people.phone')} name="phone" value={v.phone} onChange={f.bind('phone')} />
              <EmailField label={t('people.email')} name="email" value={v.email} onChange={f.bind('email')} />
              <TextField
                label={t('people.username')}
                name="user"
                value={v.user}
                onChange={f.bind('user')}
                autoComplete="off"
                required
              />
              <div />
              <PasswordField
                label={editing ? t('people.newPassword') : t('people.password')}
                description={editing ? t('people.newPasswordHint') : undefined}
                name="pass"
                value={v.pass}
                onChange={f.bind('pass')}
                required={!editing}
              />
              <PasswordField
                label={t('people.confirmPassword')}
                name="confirmPass"
                value={v.confirmPass}
                onChange={f.bind('confirmPass')}
                meter={false}
                required={!editing}
              />
            </SimpleGrid>
            <CheckboxField
              label={t('people.locations')}
              name="locations"
              value={v.locations}
              onChange={f.bind('locations')}
              options={locationList.map((l) => ({ value: String(l.id), label: `${l.fullName} (${l.name})` }))}
            />
            <Group>
              {showTop && (
                <ToggleField
                  label={t('people.admin')}
                  name="admin"
                  value={v.admin}
                  onChange={setFlag('admin')}
                  disabled={!grantable.includes('A')}
                />
              )}
              {showTop && (
                <ToggleField
                  label={t('people.supervisor')}
                  name="supervisor"
                  value={v.supervisor}
                  onChange={setFlag('supervisor')}
                  disabled={!grantable.includes('S')}
                />
              )}
              <ToggleField
                label={t('people.manager')}
                name="manager"
                value={v.manager}
                onChange={setFlag('manager')}
                disabled={!grantable.includes('M')}
              />
              <ToggleField
                label={t('people.twoFactor')}
                name="twoFactor"
                value={v.twoFactor}
                onChange={f.bind('twoFactor')}
              />
            </Group>
            <SelectField
              label={t('people.language')}
              name="languageCode"
              value={v.languageCode}
              onChange={f.bind('languageCode')}
              options={[
                { value: 'en', label: t('people.english') },
                { value: 'es', label: t('people.spanish') },
              ]}
            />
            <FormErrors errors={f.errors} />
            <Group justify="space-between">
              <Button variant="default" component={Link} to={to(paths.people)}>
                {t('people.back')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('people.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
