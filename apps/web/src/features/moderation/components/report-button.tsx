import type { ReportTargetType } from '@annadaan/contract/moderation';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../../i18n/react';

const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog')).ReportDialog }));

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: number;
  /** Names the target to screen readers when several Report buttons share a screen (a list of cards). */
  targetLabel?: string;
  size?: 'xs' | 'sm';
}

/** "Report" and, once pressed, its dialog (report-dialog.tsx, loaded then) (issue 16). */
export function ReportButton({ targetType, targetId, targetLabel, size = 'sm' }: ReportButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  const [pressed, setPressed] = useState(false);
  const { t } = useTranslation(['moderation', 'common']);

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size={size}
        onClick={() => {
          setPressed(true);
          dialog.open();
        }}
        aria-label={targetLabel ? t('report.buttonLabel', { target: targetLabel }) : undefined}
      >
        {t('report.button')}
      </Button>
      {pressed && (
        <Suspense fallback={null}>
          <ReportDialog opened={opened} onClose={dialog.close} targetType={targetType} targetId={targetId} />
        </Suspense>
      )}
    </>
  );
}
