// POST /api/admin/user/settings: saves the user's language. On success the UI switches at once (texts, <html
// lang>, dates and numbers) and the user query, whose locale changed, is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserSettingsRequest, TUser } from '@bq/contracts/user';
import { api } from '../../../lib/api-client';
import { changeLocale, i18n } from '../../../lib/i18n';
import { showApiError, showSuccess } from '../../../lib/notify';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function updateUserSettings(request: TUpdateUserSettingsRequest): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/admin/user/settings', request);
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    meta: { showsOwnError: true },
    onSuccess: async (_response, { locale }) => {
      if (!locale) return;
      // Switch first: the user-locale sync then finds the UI already in the saved language.
      await changeLocale(locale, { persist: true });
      queryClient.setQueryData<TUser>(currentUserQueryKey, (user) => (user ? { ...user, locale } : user));
      // Confirmed in the new language; shown here, not in the form, which remounts with the new locale.
      showSuccess(i18n.t('settings.language.success'));
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_LANGUAGE_UPDATE' }),
  });
}
