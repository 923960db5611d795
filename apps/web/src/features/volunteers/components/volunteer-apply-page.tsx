import {
  type MyVolunteer,
  TRAVEL_MODES,
  type TravelMode,
  VOLUNTEER_RADIUS_KM,
  VOLUNTEER_TERMS_COUNT,
  VOLUNTEER_TERMS_VERSION,
  type VolunteerApplication,
  VolunteerApplicationSchema,
  WALKTHROUGH,
} from '@annadaan/contract/runs';
import { Alert, Button, Checkbox, Container, List, NumberInput, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { LocationPicker } from '../../../components/location-picker';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type FormErrors, contractMessage, zodFormErrors } from '../../../lib/form-errors';
import { msg } from '@annadaan/contract/message-codes';
import { notifySuccess } from '../../../lib/notify';
import { useMyVolunteer, useSaveApplication } from '../api/volunteers-api';

/**
 * Applying to volunteer (issue 32): FSSAI's guidance for surplus food as six short steps, each
 * with one question that must be answered right; the volunteer terms; the area they can cover and
 * how they travel. Sent again later, it changes the area and keeps an approval.
 */
export function VolunteerApplyPage() {
  const mine = useMyVolunteer();
  // Changing an application starts from what it says (the walkthrough and terms are done again: they may have changed).
  if (mine.isPending) return <PageLoader />;
  return <ApplyForm existing={mine.data?.volunteer ?? null} />;
}

function ApplyForm({ existing }: { existing: MyVolunteer | null }) {
  const { t } = useTranslation('volunteers');
  const navigate = useNavigate();
  const save = useSaveApplication();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [accepted, setAccepted] = useState(false);
  const [areaLabel, setAreaLabel] = useState(existing?.areaLabel ?? '');
  // The saved centre stays unless the person moves it: a point given, or the area's pin code's centre.
  const [geolocation, setGeolocation] = useState(existing ? `${existing.lat},${existing.lng}` : '');
  const [radiusKm, setRadiusKm] = useState<number | string>(existing?.radiusKm ?? VOLUNTEER_RADIUS_KM.default);
  const [travelMode, setTravelMode] = useState<TravelMode | ''>(existing?.travelMode ?? '');
  const [errors, setErrors] = useState<FormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      answers,
      termsVersion: accepted ? VOLUNTEER_TERMS_VERSION : '',
      areaLabel,
      ...(geolocation ? { geolocation } : {}),
      radiusKm: typeof radiusKm === 'number' ? radiusKm : Number(radiusKm),
      travelMode,
    };
    const found = zodFormErrors(VolunteerApplicationSchema, input);
    // Unanswered questions: one message per question, where the question is.
    // The schema names wrong answers only once every field reads; here each is named at once.
    for (const step of WALKTHROUGH) {
      const answer = answers[step.id];
      if (!answer) found[`answers.${step.id}`] = t('apply.answerNeeded');
      else if (answer !== step.answer) found[`answers.${step.id}`] = contractMessage(msg('WALKTHROUGH_ANSWER_WRONG'));
    }
    if (!accepted) found.termsVersion = t('apply.acceptTerms');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Checked above: the travel mode is one of the four.
    save.mutateAsync(input as VolunteerApplication).then(
      (saved) => {
        notifySuccess(saved.status === 'APPROVED' ? t('apply.savedApproved') : t('apply.sent'));
        void navigate(paths.volunteer);
      },
      (error: unknown) => {
        if (error instanceof ApiError) {
          const fields: FormErrors = {};
          for (const field of Object.keys(error.fieldErrors)) fields[field] = error.fieldMessage(field) ?? '';
          setErrors({ ...fields, form: errorMessage(error) });
        } else setErrors({ form: errorMessage(error) });
      },
    );
  };

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        {t('apply.title')}
      </Title>
      <Text mb="md">{t('apply.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="walkthrough-title">
            <Title order={2} size="h3" id="walkthrough-title" mb="xs">
              {t('apply.walkthroughTitle')}
            </Title>
            <Text size="sm" mb="md">
              {t('apply.walkthroughIntro')}
            </Text>
            <Stack gap="lg">
              {WALKTHROUGH.map((step, index) => (
                <div key={step.id}>
                  <Title order={3} size="h4">
                    {t('apply.stepHeading', { number: index + 1, title: t(`walkthrough.${step.id}.title`) })}
                  </Title>
                  <Text size="sm" my={6}>
                    {t(`walkthrough.${step.id}.text`)}
                  </Text>
                  <Radio.Group
                    label={t(`walkthrough.${step.id}.question`)}
                    value={answers[step.id] ?? ''}
                    onChange={(value) => setAnswers((current) => ({ ...current, [step.id]: value }))}
                    error={errors[`answers.${step.id}`]}
                    withAsterisk
                  >
                    <Stack gap={6} mt={6}>
                      {step.options.map((option) => (
                        // Each step's own options (the contract's WALKTHROUGH); the key type cannot pair a step with its options.
                        <Radio key={option} value={option} label={t(`walkthrough.${step.id}.options.${option}` as never)} />
                      ))}
                    </Stack>
                  </Radio.Group>
                </div>
              ))}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="terms-title">
            <Title order={2} size="h3" id="terms-title" mb="xs">
              {t('apply.termsTitle')}
            </Title>
            <List type="ordered" spacing={6} mb="sm">
              {Array.from({ length: VOLUNTEER_TERMS_COUNT }, (_, index) => (
                <List.Item key={index}>{t(`terms.${index + 1}` as never)}</List.Item>
              ))}
            </List>
            <Checkbox
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              label={t('apply.acceptLabel', { version: VOLUNTEER_TERMS_VERSION })}
              error={errors.termsVersion}
            />
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="area-title">
            <Stack gap="sm">
              <Title order={2} size="h3" id="area-title">
                {t('apply.areaTitle')}
              </Title>
              <TextInput
                label={t('apply.areaLabel')}
                description={t('apply.areaHint')}
                value={areaLabel}
                onChange={(event) => setAreaLabel(event.currentTarget.value)}
                error={errors.areaLabel}
                maxLength={120}
                withAsterisk
              />
              <LocationPicker
                label={t('apply.centreLabel')}
                description={t('apply.centreHint')}
                address={areaLabel}
                onAddressFound={(found) => setAreaLabel((current) => (current === '' ? found.slice(0, 120) : current))}
                geolocation={geolocation}
                onGeolocationChange={setGeolocation}
                error={errors.geolocation}
                purpose="area"
              />
              <NumberInput
                label={t('apply.radiusLabel')}
                description={t('apply.radiusHint', { min: VOLUNTEER_RADIUS_KM.min, max: VOLUNTEER_RADIUS_KM.max })}
                value={radiusKm}
                onChange={setRadiusKm}
                min={VOLUNTEER_RADIUS_KM.min}
                max={VOLUNTEER_RADIUS_KM.max}
                allowDecimal={false}
                error={errors.radiusKm}
                withAsterisk
              />
              <Radio.Group
                label={t('apply.travelLabel')}
                value={travelMode}
                onChange={(value) => setTravelMode(value as TravelMode)}
                error={errors.travelMode}
                withAsterisk
              >
                <Stack gap={6} mt={6}>
                  {TRAVEL_MODES.map((mode) => (
                    <Radio key={mode} value={mode} label={t(`travel.${mode}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            </Stack>
          </Paper>

          {errors.form ? <FormAlert message={errors.form} /> : null}
          {Object.keys(errors).length > 0 && !errors.form ? (
            <Alert color="red" role="alert">
              {t('apply.fixErrors')}
            </Alert>
          ) : null}
          <Stack gap="xs" align="flex-start">
            <Button type="submit" loading={save.isPending}>
              {existing ? t('apply.saveChanges') : t('apply.submit')}
            </Button>
            <Button component={Link} to={paths.volunteer} variant="subtle">
              {t('apply.cancel')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Container>
  );
}
