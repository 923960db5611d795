import { ORGANISATION_KINDS, type OrganisationInput, OrganisationInputSchema } from '@annadaan/contract/organisations';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../i18n/react';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';

const FIELDS = ['name', 'kind', 'city', 'pinCode', 'fssaiNumber', 'darpanId'] as const;

export interface OrganisationFormValues {
  name: string;
  kind: string;
  city: string;
  pinCode: string;
  fssaiNumber: string;
  darpanId: string;
}

const EMPTY: OrganisationFormValues = { name: '', kind: '', city: '', pinCode: '', fssaiNumber: '', darpanId: '' };

/**
 * Create and edit: the contract's schema checks each field as the server will (14-digit FSSAI
 * number, Darpan id as MH/2017/0123456, 6-digit pin code), and the server's own field errors land
 * on the same fields.
 */
export function OrganisationForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: Partial<OrganisationFormValues>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: OrganisationInput, fail: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation('organisations');
  const form = useForm<OrganisationFormValues>({
    initialValues: { ...EMPTY, ...initial },
    validate: zodValidate(OrganisationInputSchema),
    validateInputOnBlur: true,
  });
  const fail = (error: unknown) => {
    form.setErrors(serverFieldErrors(error, FIELDS));
    const specific = error instanceof ApiError && error.status < 500 ? serverMessage(error) : null;
    notifyError(specific ?? t('form.failed'));
  };
  const submit = form.onSubmit((values) => onSubmit(values as OrganisationInput, fail));
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label={t('form.name')} required autoComplete="organization" {...form.getInputProps('name')} />
        <NativeSelect
          label={t('form.kind')}
          required
          data={[{ value: '', label: '—' }, ...ORGANISATION_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))]}
          {...form.getInputProps('kind')}
        />
        <TextInput label={t('form.city')} required autoComplete="address-level2" {...form.getInputProps('city')} />
        <TextInput
          label={t('form.pinCode')}
          description={t('form.pinCodeHelp')}
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          {...form.getInputProps('pinCode')}
        />
        <TextInput label={t('form.fssaiNumber')} description={t('form.fssaiHelp')} inputMode="numeric" maxLength={14} {...form.getInputProps('fssaiNumber')} />
        <TextInput
          label={t('form.darpanId')}
          description={t('form.darpanHelp')}
          autoCapitalize="characters"
          maxLength={20}
          {...form.getInputProps('darpanId')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
