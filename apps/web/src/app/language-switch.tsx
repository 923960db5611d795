import { LANGUAGES, type Language } from '@annadaan/contract/language';
import { Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import {
  changeLanguage,
  chooseLanguage,
  currentLanguage,
  languageChoiceSaved,
  languageSettled,
  showingPseudoLocale,
  unsavedLanguageChoice,
} from '../i18n/i18n';
import { profileQuery, saveLanguage } from '../lib/profile-api';

/**
 * The header's language switch (issue 17): a button for each other language, named in its own
 * script ("हिन्दी" in English, "English" in Hindi) with its `lang`, so a screen reader reads it in
 * that voice. Switching keeps the page; a signed-in person's choice is kept on the account too.
 */
export function LanguageSwitch({
  signedIn,
  size = 'sm',
  fullWidth = false,
  onSwitched,
}: {
  signedIn: boolean;
  size?: 'sm' | 'lg';
  fullWidth?: boolean;
  onSwitched?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveLanguage,
    onSuccess: (profile, language) => {
      languageChoiceSaved(language);
      queryClient.setQueryData(profileQuery().queryKey, profile);
    },
  });
  const current = isKnown(i18n.language) ? i18n.language : currentLanguage();

  const choose = (language: Language) => {
    void chooseLanguage(language).then(() => {
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
 * A signed-in person sees the language kept on their account, unless they chose one on this
 * device that the account does not have yet (issue 29: हिन्दी chosen on the landing page, then
 * signing in, must stay हिन्दी): that choice wins and is saved to the account. Otherwise, once
 * their profile arrives (after signing in, or on another device), the account's language wins
 * over this browser's; an account with no language yet takes the one this browser shows.
 */
export function useAccountLanguage(signedIn: boolean) {
  const profile = useQuery({ ...profileQuery(), enabled: signedIn });
  const accountLanguage = profile.data?.language;
  const hasProfile = profile.data !== undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasProfile) return;
    let current = true;
    const keep = (language: Language) =>
      saveLanguage(language).then(
        (saved) => {
          languageChoiceSaved(language);
          queryClient.setQueryData(profileQuery().queryKey, saved);
        },
        // Only a convenience: the browser still remembers the choice (and tries again next time).
        (error: unknown) => console.warn('Could not keep the language on the account', error),
      );
    // After this browser's own choice is shown (it may follow a page the server drew in another).
    void languageSettled().then(() => {
      if (!current || showingPseudoLocale()) return;
      const chosenHere = unsavedLanguageChoice();
      if (chosenHere !== null && chosenHere === accountLanguage) {
        languageChoiceSaved(chosenHere);
      } else if (chosenHere !== null) {
        // The shown language is this choice already (it is what the browser remembers).
        if (chosenHere !== currentLanguage()) void changeLanguage(chosenHere);
        void keep(chosenHere);
      } else if (accountLanguage === null || accountLanguage === undefined) {
        void keep(currentLanguage());
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
