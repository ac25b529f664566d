import { Anchor, Button, Checkbox, Container, Divider, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import {
  SaveConfigSettingsBody,
  type Settings,
  defaultSettings,
  receiptPlaceholders,
  reportPlaceholders,
} from '@sandbar/contract/settings';
import { fnbTextsIn } from '@sandbar/contract/fnb-texts';
import { onlineRowsFor, onlineRowsRule } from '@sandbar/contract/rules/reservation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FormErrors } from '../../../components/form-errors';
import { EmailField, RadioField, TextField, TextareaField, ToggleField } from '../../../components/form-fields';
import { useFormState } from '../../../components/use-form-state';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useBookingLocations } from '../api/get-booking-locations';
import { useConfigSettings } from '../api/get-config-settings';
import { useSaveConfigSettings } from '../api/save-config-settings';
import { RichTextField } from '../components/rich-text-editor';

// Each template's hint lists only the placeholders its sender fills (a report has no receipt).
const placeholderList = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');

/** The checked online locations: the rule's names as the venue spells them now (the rule is case-blind). */
function onlineNames(rule: string, locations: { name: string }[] | undefined): string[] {
  const wanted = rule
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return (locations ?? []).filter((l) => wanted.includes(l.name.toLowerCase())).map((l) => l.name);
}

/**
 * Config → Bookings, bookable rows: one box per row of each online location; the rule keeps only
 * the locations with some rows left walk-in (rules/reservation.ts onlineRowsFor / onlineRowsRule).
 */
function OnlineRows(props: {
  rule: string;
  online: { name: string; fullName: string; rows: number }[];
  onChange(rule: string): void;
}) {
  const { t } = useTranslation();
  const chosen = (l: { name: string; rows: number }) =>
    onlineRowsFor(props.rule, l.name) ?? Array.from({ length: l.rows }, (_, i) => i + 1);
  const change = (name: string, rows: number[]) =>
    props.onChange(
      onlineRowsRule(
        props.online.map((l) => ({ name: l.name, allRows: l.rows, rows: l.name === name ? rows : chosen(l) })),
      ),
    );
  return (
    <Stack gap="xs" data-testid="booking-online-rows">
      {props.online.map((l) => (
        <Checkbox.Group
          key={l.name}
          label={t('settings.bookingOnlineRows', { location: l.fullName })}
          description={t('settings.bookingOnlineRowsHint')}
          value={chosen(l).map(String)}
          onChange={(rows) => change(l.name, rows.map(Number))}
        >
          <Group mt={4}>
            {Array.from({ length: l.rows }, (_, i) => i + 1).map((r) => (
              <Checkbox
                key={r}
                value={String(r)}
                label={t('settings.bookingRow', { row: r })}
                aria-label={t('settings.bookingRowOf', { row: r, location: l.fullName })}
                name={`bookingOnlineRows-${l.name}`}
                styles={{ body: { minHeight: 48, alignItems: 'center' } }}
              />
            ))}
          </Group>
        </Checkbox.Group>
      ))}
    </Stack>
  );
}

/** /config (admins): the nine settings of spec section 3 and the venue's own; the server's message is toasted. */
export function ConfigPage() {
  const { t, i18n } = useTranslation();
  const reportHint = t('settings.placeholdersHint', {
    list: placeholderList(reportPlaceholders),
    interpolation: { escapeValue: false },
  });
  const receiptHint = t('settings.placeholdersHint', {
    list: placeholderList(receiptPlaceholders),
    interpolation: { escapeValue: false },
  });
  const to = useAVPath();
  const settings = useConfigSettings();
  const save = useSaveConfigSettings();
  const { values, setValues, bind, errors, setErrors } = useFormState<Settings>(defaultSettings);
  const locations = useBookingLocations();

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data, setValues]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = SaveConfigSettingsBody.safeParse(values);
    if (!checked.success) {
      setErrors([...new Set(checked.error.issues.map((i) => i.message))]);
      return;
    }
    const res = await save.mutateAsync(values).catch(() => null);
    if (res) toastSuccess(res.details);
  };

  if (settings.isPending) return <Loader m="xl" />;

  const text = (name: keyof Settings, description?: string) => (
    <TextField
      name={name}
      label={t(`settings.${name}`)}
      description={description}
      value={values[name]}
      onChange={bind(name)}
    />
  );

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('settings.title')}</Title>
        <Group>
          <Anchor component={Link} to={to(paths.reportsConfig)}>
            {t('settings.reportsLink')}
          </Anchor>
          <Anchor component={Link} to={to(paths.outbox)}>
            {t('settings.outboxLink')}
          </Anchor>
          <Anchor component={Link} to={to(paths.paymentDeliveries)}>
            {t('settings.paymentsLink')}
          </Anchor>
          <Anchor component={Link} to={to(paths.fnbMenu)} data-testid="fnb-menu-link">
            {fnbTextsIn(i18n.language?.startsWith('es') ? 'es' : 'en').common.menuLink}
          </Anchor>
        </Group>
      </Group>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <FormErrors errors={errors} />
          <Divider label={t('settings.emailSection')} labelPosition="left" />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('fromName')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <EmailField
                name="fromEmail"
                label={t('settings.fromEmail')}
                value={values.fromEmail}
                onChange={bind('fromEmail')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('paymentSubject')}</Grid.Col>
          </Grid>

          <Divider label={t('settings.reportSection')} labelPosition="left" />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField
                name="reportEmailTime"
                label={t('settings.reportEmailTime')}
                description={t('settings.reportEmailTimeHint')}
                value={values.reportEmailTime}
                onChange={bind('reportEmailTime')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>{text('reportEmailSubject', reportHint)}</Grid.Col>
          </Grid>
          <RichTextField
            name="reportEmailMessage"
            label={t('settings.reportEmailMessage')}
            description={reportHint}
            value={values.reportEmailMessage}
            onChange={bind('reportEmailMessage')}
            height={350}
          />

          <Divider label={t('settings.receiptSection')} labelPosition="left" />
          <TextareaField
            name="receiptTextMessage"
            label={t('settings.receiptTextMessage')}
            description={receiptHint}
            value={values.receiptTextMessage}
            onChange={bind('receiptTextMessage')}
            minRows={2}
          />
          {text('receiptEmailSubject', receiptHint)}
          <RichTextField
            name="receiptEmailBody"
            label={t('settings.receiptEmailBody')}
            description={receiptHint}
            value={values.receiptEmailBody}
            onChange={bind('receiptEmailBody')}
            height={200}
          />

          <Divider label={t('settings.spanishSection')} labelPosition="left" />
          <RadioField
            name="venueLanguage"
            label={t('settings.venueLanguage')}
            description={t('settings.venueLanguageHint')}
            value={values.venueLanguage}
            onChange={bind('venueLanguage')}
            options={[
              { value: 'en', label: t('ui.languageNames.en') },
              { value: 'es', label: t('ui.languageNames.es') },
            ]}
          />
          {text('reportEmailSubjectEs', reportHint)}
          <RichTextField
            name="reportEmailMessageEs"
            label={t('settings.reportEmailMessageEs')}
            description={reportHint}
            value={values.reportEmailMessageEs}
            onChange={bind('reportEmailMessageEs')}
            height={200}
          />
          <TextareaField
            name="receiptTextMessageEs"
            label={t('settings.receiptTextMessageEs')}
            description={receiptHint}
            value={values.receiptTextMessageEs}
            onChange={bind('receiptTextMessageEs')}
            minRows={2}
          />
          {text('receiptEmailSubjectEs', receiptHint)}
          <RichTextField
            name="receiptEmailBodyEs"
            label={t('settings.receiptEmailBodyEs')}
            description={receiptHint}
            value={values.receiptEmailBodyEs}
            onChange={bind('receiptEmailBodyEs')}
            height={200}
          />

          <Divider label={t('settings.venueSection')} labelPosition="left" />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>{text('venueName')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <EmailField
                name="supportEmail"
                label={t('settings.supportEmail')}
                value={values.supportEmail}
                onChange={bind('supportEmail')}
              />
            </Grid.Col>
            <Grid.Col span={12}>{text('venueAddress')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('timeZone', t('settings.timeZoneHint'))}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField
                name="seasonStart"
                label={t('settings.seasonStart')}
                value={values.seasonStart}
                onChange={bind('seasonStart')}
                placeholder="YYYY-MM-DD"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField
                name="seasonEnd"
                label={t('settings.seasonEnd')}
                value={values.seasonEnd}
                onChange={bind('seasonEnd')}
                placeholder="YYYY-MM-DD"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('venueCountry', t('settings.venueCountryHint'))}</Grid.Col>
            <Grid.Col span={12}>
              <ToggleField
                name="simulatedReader"
                label={t('settings.simulatedReader')}
                value={values.simulatedReader}
                onChange={bind('simulatedReader')}
              />
            </Grid.Col>
          </Grid>

          <Divider label={t('settings.backupSection')} labelPosition="left" />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <ToggleField
                name="backupNightly"
                label={t('settings.backupNightly')}
                description={t('settings.backupNightlyHint')}
                value={values.backupNightly}
                onChange={bind('backupNightly')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('backupKeep', t('settings.backupKeepHint'))}</Grid.Col>
          </Grid>
          <Divider label={t('settings.bookingSection')} labelPosition="left" />
          <Grid data-testid="booking-rules">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {text('bookingWindowDays', t('settings.bookingWindowDaysHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{text('bookingMaxUnits', t('settings.bookingMaxUnitsHint'))}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {text('bookingSplitHour', t('settings.bookingSplitHourHint'))}
            </Grid.Col>
            <Grid.Col span={12}>
              <Checkbox.Group
                label={t('settings.bookingOnlineLocations')}
                description={t('settings.bookingOnlineLocationsHint')}
                value={onlineNames(values.bookingOnlineLocations, locations.data)}
                onChange={(names) => bind('bookingOnlineLocations')(names.join(', '))}
              >
                <Group mt={4}>
                  {(locations.data ?? []).map((l) => (
                    <Checkbox
                      key={l.name}
                      value={l.name}
                      label={`${l.fullName} (${l.name})`}
                      name="bookingOnlineLocations"
                      styles={{ body: { minHeight: 48, alignItems: 'center' } }}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            </Grid.Col>
            <Grid.Col span={12}>
              <OnlineRows
                rule={values.bookingOnlineRows}
                online={(locations.data ?? []).filter((l) =>
                  onlineNames(values.bookingOnlineLocations, locations.data).includes(l.name),
                )}
                onChange={bind('bookingOnlineRows')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {text('bookingReleaseTime', t('settings.bookingReleaseTimeHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              {text('bookingAfternoonReleaseTime', t('settings.bookingAfternoonReleaseTimeHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {text('bookingCancelCutoffHours', t('settings.bookingCancelCutoffHoursHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {text('bookingOfferMinutes', t('settings.bookingOfferMinutesHint'))}
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                name="bookingCancelPolicy"
                label={t('settings.bookingCancelPolicy')}
                description={t('settings.bookingCancelPolicyHint')}
                value={values.bookingCancelPolicy}
                onChange={bind('bookingCancelPolicy')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                name="bookingCancelPolicyEs"
                label={t('settings.bookingCancelPolicyEs')}
                description={t('settings.bookingCancelPolicyEsHint')}
                value={values.bookingCancelPolicyEs}
                onChange={bind('bookingCancelPolicyEs')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <ToggleField
                name="bookingNeedsConfirmation"
                label={t('settings.bookingNeedsConfirmation')}
                description={t('settings.bookingNeedsConfirmationHint')}
                value={values.bookingNeedsConfirmation}
                onChange={bind('bookingNeedsConfirmation')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <RadioField
                name="bookingPayment"
                label={t('settings.bookingPayment')}
                description={t('settings.bookingPaymentHint')}
                value={values.bookingPayment}
                onChange={bind('bookingPayment')}
                options={(['none', 'deposit', 'full'] as const).map((v) => ({
                  value: v,
                  label: t(`settings.bookingPaymentRules.${v}`),
                }))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>{text('bookingDeposit', t('settings.bookingDepositHint'))}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {text('bookingPaymentMinutes', t('settings.bookingPaymentMinutesHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {text('bookingRefundPercent', t('settings.bookingRefundPercentHint'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>{text('paymentCurrency', t('settings.paymentCurrencyHint'))}</Grid.Col>
          </Grid>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
