import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { myOrganisationsQuery } from '../lib/organisations-api';

export interface OrganisationChoiceProps {
  value: string;
  onChange: (value: string) => void;
  purpose: 'donate' | 'request';
  error?: string | null | undefined;
}

/**
 * "Give as" / "Request for" (issue 32): the person alone or one of their organisations. Shown only
 * to someone who belongs to one; `value` is the organisation's id as text, '' for themselves.
 */
export function OrganisationChoice({ value, onChange, purpose, error }: OrganisationChoiceProps) {
  // Not suspending: it appears inside a form already on screen, which must not hide while its words load.
  const { t, ready } = useTranslation('organisations', { useSuspense: false });
  const mine = useQuery(myOrganisationsQuery());
  if (!ready || !mine.data || mine.data.length === 0) return null;
  return (
    <NativeSelect
      label={t(purpose === 'donate' ? 'choice.giveAs' : 'choice.requestFor')}
      description={t('choice.chooseHelp')}
      data={[{ value: '', label: t('choice.myself') }, ...mine.data.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))]}
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="organisation-choice"
    />
  );
}
