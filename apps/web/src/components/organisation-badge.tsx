import type { OrganisationBadge as Badge } from '@annadaan/contract/organisations';
import { Anchor, Group, Text } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { Trans, useTranslation } from '../i18n/react';

/**
 * The organisation a donation is given as or a request is made for (issue 32): its name, linking to
 * its public page, and "Verified organisation" once the admins checked its identifiers. The tick
 * is decoration; the words say it.
 */
export function OrganisationBadge({
  organisation,
  side = 'by',
  linked = true,
}: {
  organisation: Badge | null | undefined;
  side?: 'by' | 'for';
  /** False on a card that is itself one link (a link inside it could not be reached). */
  linked?: boolean;
}) {
  const { t } = useTranslation('common');
  if (!organisation) return null;
  return (
    <Group gap={6} wrap="wrap" component="span" data-testid="organisation-badge" style={{ display: 'inline-flex' }}>
      <Text component="span" size="sm">
        <Trans
          t={t}
          i18nKey={side === 'by' ? 'organisationBadge.by' : 'organisationBadge.for'}
          values={{ name: organisation.name }}
          components={{
            name: linked ? <Anchor component={Link} to={paths.organisation(organisation.id)} size="sm" translate="no" /> : <span translate="no" />,
          }}
        />
      </Text>
      {organisation.verified ? <VerifiedMark /> : null}
    </Group>
  );
}

/** "✓ Verified organisation", in a colour with 4.5:1 contrast on white. */
export function VerifiedMark() {
  const { t } = useTranslation('common');
  return (
    <Text component="span" size="sm" fw={700} c="#1a7f37" data-testid="verified-badge">
      <IconRosetteDiscountCheck size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
      {t('organisationBadge.verified')}
    </Text>
  );
}
