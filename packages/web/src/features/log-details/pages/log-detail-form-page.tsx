import { Button, Container, Group, Loader, Stack, Title } from '@mantine/core';
import { LogDetailPostData, logCategories, logFieldTypes } from '@sandbar/contract/log-details';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormErrors } from '../../../components/form-errors';
import { NumberField, SelectField, TextField } from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { useAVPath } from '../../../lib/av';
import { useLogDetail } from '../api/get-log-detail';
import { useSaveLogDetails } from '../api/save-log-details';
import { toastSuccess } from '../../../lib/notify';

const categoryOptions = logCategories.map((c) => ({ value: c, label: c }));
const typeOptions = logFieldTypes.map((c) => ({ value: c, label: c }));
const empty = { category: '', name: '', label: '', placeholder: '', fieldSort: '', fieldType: '' };

/** /config/log-details/add and /edit/{id}: one form (spec section 2); back to the list on save or Cancel. */
export function LogDetailFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id ? Number(params.id) : 0;
  const navigate = useNavigate();
  const to = useAVPath();
  const existing = useLogDetail(id);
  const save = useSaveLogDetails();
  const { values, setValues, bind, errors, setErrors } = useFormState(empty);

  useEffect(() => {
    const d = existing.data?.logDetail;
    if (d) {
      setValues({
        category: d.category,
        name: d.name,
        label: d.label,
        placeholder: d.placeholder,
        fieldSort: String(d.fieldSort),
        fieldType: d.fieldType,
      });
    }
  }, [existing.data, setValues]);

  const back = () => navigate(to(paths.logDetails));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const postData = { ...values, ...(id ? { id } : {}) };
    const checked = LogDetailPostData.safeParse(postData);
    if (!checked.success) {
      setErrors([...new Set(checked.error.issues.map((i) => i.message))]);
      return;
    }
    const res = await save.mutateAsync(postData).catch(() => null);
    if (res?.type === 'saveLogDetail' && res.success === 1) {
      toastSuccess(t('logDetails.saved'));
      back();
    }
  };

  if (id && existing.isPending) return <Loader m="xl" />;

  return (
    <Container size="sm" py="md">
      <Title order={2} mb="md">
        {id ? t('logDetails.editTitle') : t('logDetails.addTitle')}
      </Title>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <FormErrors errors={errors} />
          <SelectField
            name="category"
            label={t('logDetails.category')}
            options={categoryOptions}
            value={values.category}
            onChange={bind('category')}
          />
          <TextField
            name="name"
            label={t('logDetails.name')}
            description={t('logDetails.nameHint')}
            value={values.name}
            onChange={bind('name')}
          />
          <TextField name="label" label={t('logDetails.label')} value={values.label} onChange={bind('label')} />
          <TextField
            name="placeholder"
            label={t('logDetails.placeholder')}
            description={t('logDetails.placeholderHint')}
            value={values.placeholder}
            onChange={bind('placeholder')}
          />
          <NumberField
            name="fieldSort"
            label={t('logDetails.sort')}
            step="1"
            value={values.fieldSort}
            onChange={bind('fieldSort')}
          />
          <SelectField
            name="fieldType"
            label={t('logDetails.fieldType')}
            options={typeOptions}
            value={values.fieldType}
            onChange={bind('fieldType')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={back}>
              {t('logDetails.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('logDetails.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
