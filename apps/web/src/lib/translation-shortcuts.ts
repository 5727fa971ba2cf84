// Hidden shortcuts for translators (spec section 2). All of Meta+Ctrl+Alt must be held, so Ctrl+C (copy) and
// AltGr+E (the euro sign on German keyboards) are never taken over. event.code is used because Alt changes
// event.key on macOS.
import { useEffect } from 'react';
import { changeLocale, clearTranslations } from './i18n';

export function handleTranslationShortcut(event: KeyboardEvent): boolean {
  if (!(event.metaKey && event.ctrlKey && event.altKey)) return false;
  switch (event.code) {
    case 'KeyC':
      void clearTranslations();
      return true;
    case 'KeyE':
      void changeLocale('EN_US');
      return true;
    case 'KeyG':
      void changeLocale('DE_DE');
      return true;
    default:
      return false;
  }
}

export function useTranslationShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (handleTranslationShortcut(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
