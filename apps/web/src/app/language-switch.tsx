import { LANGUAGES, type Language } from '@annadaan/contract/language';
import { Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { changeLanguage, currentLanguage, languageSettled, showingPseudoLocale } from '../i18n/i18n';
import { profileQuery, saveLanguage } from '../lib/profile-api';

/**
 * The header's language switch (issue 17): a button for each other language, named in its own
 * script ("हिन्दी" in English, "English" in Hindi) with its `lang`, so a screen reader reads it in
 * that voice. Switching keeps the page; a signed-in person's choice is kept on the account too.
 */
export function LanguageSwitch({ signedIn, size = 'sm', fullWidth = false, onSwitched }: { signedIn: boolean; size?: 'sm' | 'lg'; fullWidth?: boolean; onSwitched?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveLanguage,
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
  const current = isKnown(i18n.language) ? i18n.language : currentLanguage();

  const choose = (language: Language) => {
    void changeLanguage(language).then(() => {
      onSwitched?.();
      if (signedIn) save.mutate(language);
    });
  };

  return (
    <Group role="group" aria-label={t('language.label')} gap={4} wrap="nowrap" grow={fullWidth}>
      {LANGUAGES.filter((language) => language.code !== current).map((language) => (
        <Button key={language.code} variant="subtle" size={size} fullWidth={fullWidth} lang={language.code} onClick={() => choose(language.code)}>
          {language.nativeName}
        </Button>
      ))}
    </Group>
  );
}

function isKnown(code: string): code is Language {
  return LANGUAGES.some((language) => language.code === code);
}

/**
 * A signed-in person sees the language kept on their account: once their profile arrives (after
 * signing in, or on another device), its language wins over this browser's. An account with no
 * language yet takes the one this browser shows.
 */
export function useAccountLanguage(signedIn: boolean) {
  const profile = useQuery({ ...profileQuery(), enabled: signedIn });
  const accountLanguage = profile.data?.language;
  const hasProfile = profile.data !== undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasProfile) return;
    let current = true;
    // After this browser's own choice is shown (it may follow a page the server drew in another).
    void languageSettled().then(() => {
      if (!current || showingPseudoLocale()) return;
      if (accountLanguage === null || accountLanguage === undefined) {
        saveLanguage(currentLanguage()).then(
          (saved) => queryClient.setQueryData(profileQuery().queryKey, saved),
          // Only a convenience: the browser still remembers the choice.
          (error: unknown) => console.warn('Could not keep the language on the account', error),
        );
      } else if (accountLanguage !== currentLanguage()) {
        void changeLanguage(accountLanguage);
      }
    });
    return () => {
      current = false;
    };
    // Only when the account's language changes: switching here saves it there, never the reverse race.
  }, [accountLanguage, hasProfile, queryClient]);
}
