import { Box, Button, Container, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { extractPinCode } from '@annadaan/contract/pin-code';
import { paths } from '../../../app/paths';
import { notifyError } from '../../../lib/notify';
import { getToken } from '../../../lib/session';
import { useDetectedLocation } from '../hooks/use-detected-location';
import { HeroIllustration } from './hero-illustration';

/** Hero: where the visitor is, and the three ways in (spec section 4). */
export function LandingHero() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [pinError, setPinError] = useState(false);
  // Pre-filled once, and only when the visitor has not typed anything yet.
  const { state: detection, detect } = useDetectedLocation((detected) => setAddress((current) => (current.trim() === '' ? detected : current)));
  const detecting = detection.status === 'detecting';

  const go = (target: string) => {
    if (!extractPinCode(address)) {
      setPinError(true);
      inputRef.current?.focus();
      return;
    }
    if (!getToken()) {
      notifyError(t('hero.loginFirst'));
      // Sign-in sends people on to where they were going.
      void navigate(paths.signIn, { state: { from: target } });
      return;
    }
    void navigate(target);
  };

  // Anyone may look before signing up (issue 29): Browse is public, and asks to sign in only to request.
  const seeFoodNearby = () => {
    const pin = extractPinCode(address);
    if (!pin) {
      setPinError(true);
      inputRef.current?.focus();
      return;
    }
    void navigate(`${paths.browse}?near=${pin}`);
  };

  const status = detecting ? t('hero.detecting') : detection.status === 'failed' || detection.status === 'noAddress' ? detection.message : undefined;

  return (
    <Box component="section" aria-labelledby="hero-title" bg="green.0" py={{ base: 'xl', sm: 56 }}>
      <Container size="lg" px="md">
        <Grid align="center" gap="xl">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="md">
              <Title order={1} id="hero-title" fz={{ base: 32, sm: 44 }} c="green.9">
                {t('hero.title')}
              </Title>
              <Text fz="lg">{t('hero.intro')}</Text>
              <TextInput
                ref={inputRef}
                label={t('hero.locationLabel')}
                placeholder={t('hero.locationPlaceholder')}
                value={address}
                onChange={(event) => {
                  setAddress(event.currentTarget.value);
                  // Editing the location clears the error (spec section 4).
                  setPinError(false);
                }}
                autoComplete="street-address"
                size="md"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={status ? <span aria-live="polite">{status}</span> : undefined}
                error={pinError && !detecting ? t('hero.pinCodeRequired') : undefined}
              />
              <Button
                variant="subtle"
                size="compact-md"
                leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
                onClick={detect}
                loading={detecting}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('hero.useMyLocation')}
              </Button>
              <Group gap="sm">
                <Button size="md" onClick={() => go(paths.home)}>
                  {t('hero.getStarted')}
                </Button>
                <Button size="md" variant="outline" onClick={() => go(paths.browse)}>
                  {t('hero.requestFood')}
                </Button>
                <Button size="md" variant="outline" onClick={() => go(paths.donate)}>
                  {t('hero.donateFood')}
                </Button>
              </Group>
              {/* Its words wrap: in Hindi they are wider than a 360 px phone. */}
              <Button
                variant="subtle"
                size="compact-md"
                onClick={seeFoodNearby}
                h="auto"
                py={4}
                maw="100%"
                style={{ alignSelf: 'flex-start' }}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              >
                {t('hero.seeFoodNearby')}
              </Button>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }} visibleFrom="xs">
            <Box ta="center">
              <HeroIllustration />
            </Box>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
