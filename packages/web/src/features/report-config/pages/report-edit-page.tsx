import { reportTextsEs } from '@sandbar/contract/i18n';
import { currentLanguage } from '../../../lib/current-language';
import { Alert, Button, Container, Group, Loader, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { parseEmailList, reportTexts } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useReportConfig, useSaveReportList } from '../api/report-list';

function EditForm({ id, name, emails, type }: { id: number; name: string; emails: string; type: string }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const navigate = useNavigate();
  const save = useSaveReportList();
  const [values, setValues] = useState({ name, emailAddresses: emails });
  const [error, setError] = useState<string | null>(null);
  const change = (k: 'name' | 'emailAddresses') => (e: { currentTarget: { value: string } }) => {
    setError(null);
    setValues({ ...values, [k]: e.currentTarget.value });
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setError(t('messages.report.nameBlank'));
    const { invalid } = parseEmailList(values.emailAddresses);
    if (invalid.length)
      return setError((currentLanguage() === 'es' ? reportTextsEs : reportTexts).invalidEmails(invalid));
    try {
      const r = await save.mutateAsync({ postData: { id, ...values } });
      toastSuccess(r.details);
      if (r.pageMode === 'saveReport') void navigate(to(paths.reportsConfig));
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput label={t('reportConfig.name')} value={values.name} onChange={change('name')} />
        <Textarea
          label={t('reportConfig.emailAddresses')}
          value={values.emailAddresses}
          onChange={change('emailAddresses')}
          autosize
          minRows={3}
        />
        <TextInput label={t('reportConfig.reportType')} value={type} readOnly />
        <Group justify="space-between">
          <Button variant="default" component={Link} to={to(paths.reportsConfig)}>
            {t('reportConfig.back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('reportConfig.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /config/reports/edit/{id}: name, e-mail addresses and the read-only report type. */
export function ReportEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, isPending } = useReportConfig(id);
  return (
    <Container size="sm" py="md">
      <Title order={2} mb="md">
        {t('reportConfig.editTitle')}
      </Title>
      {isPending ? (
        <Loader />
      ) : data ? (
        <EditForm
          id={data.report.ID}
          name={data.report.name}
          emails={data.report.emailAddresses}
          type={data.report.reportType}
        />
      ) : null}
    </Container>
  );
}
