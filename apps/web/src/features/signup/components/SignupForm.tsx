// The self-service registration form (spec sections 2 and 5): names, e-mail, password with live hints, the
// repeated password, the terms checkbox. Pre-sign-up checks it on the server, then sign-up sends the mail; the
// success page says where it went. Server field errors show on their field, anything else as a message.
import { useId } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import type { ProductType } from '@bq/domain/product-types';
import { BQA_SIGNUP_PRODUCTS } from '@bq/contracts/signup';
import { AppLink } from '../../../components/ui/AppLink';
import { PasswordHints } from '../../../components/ui/PasswordHints';
import { useLocale } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/notify';
import { useAppNavigate } from '../../../lib/navigation';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useSignup } from '../api/signup';
import { ZSignupForm, type SignupField } from '../signup-schema';

const EMPTY: Record<SignupField, string> = { firstName: '', lastName: '', email: '', password: '', passwordRepeat: '', termsAccepted: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'termsAccepted'] as const;

export function SignupForm({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useAppNavigate();
  const hintsId = useId();
  const form = useZodForm(ZSignupForm, EMPTY);
  const signup = useSignup();
  const kind = productType === 'BQ_PERFORMANCE_SELF_ASSESSMENT' ? 'selfassessment' : 'bqa';
  const bqaProduct = (BQA_SIGNUP_PRODUCTS as readonly string[]).includes(productType) ? (productType as (typeof BQA_SIGNUP_PRODUCTS)[number]) : undefined;
  const termsProps = form.inputProps('termsAccepted');

  const submit = form.handleSubmit(({ email, password, firstName, lastName }) => {
    signup.mutate(
      { kind, request: { email, password, firstName, lastName, termsAccepted: true, locale, ...(bqaProduct ? { productType: bqaProduct } : {}) } },
      {
        onSuccess: (response) => navigate(`/signup/success?email=${encodeURIComponent(response.sentTo)}`),
        onError: (error) => form.setServerErrors(apiFieldErrors(error, FIELDS)),
      },
    );
  });
  const fieldErrors = apiFieldErrors(signup.error, FIELDS);
  const generalError = signup.error && Object.keys(fieldErrors).length === 0 ? apiErrorMessage(signup.error) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('signup.formLabel')} data-testid="signup-form">
      <Stack gap="md" maw={520}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('signup.firstName')} autoComplete="given-name" required {...form.inputProps('firstName')} />
          <TextInput label={t('signup.lastName')} autoComplete="family-name" required {...form.inputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t('signup.email')} type="email" inputMode="email" autoComplete="email" required {...form.inputProps('email')} />
        <Stack gap="xs">
          <PasswordInput label={t('signup.password')} autoComplete="new-password" required {...form.inputProps('password', { describedBy: hintsId })} />
          <PasswordHints id={hintsId} password={form.values.password} />
        </Stack>
        <PasswordInput label={t('signup.passwordRepeat')} autoComplete="new-password" required {...form.inputProps('passwordRepeat')} />
        <Checkbox
          id={termsProps.id}
          name="termsAccepted"
          checked={form.values.termsAccepted === 'true'}
          onChange={(event) => form.setValue('termsAccepted', event.currentTarget.checked ? 'true' : '')}
          error={termsProps.error}
          aria-invalid={termsProps['aria-invalid']}
          aria-describedby={termsProps['aria-describedby']}
          label={
            // The texts open in a new tab, so what was typed stays.
            <Trans
              i18nKey="signup.termsWithLinks"
              components={{
                terms: <Anchor href="/terms" target="_blank" rel="noopener" data-testid="signup-terms-link" />,
                privacy: <Anchor href="/privacy" target="_blank" rel="noopener" data-testid="signup-privacy-link" />,
              }}
            />
          }
          data-testid="signup-terms"
        />
        {generalError ? (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {generalError}
          </Alert>
        ) : null}
        <Group justify="space-between" align="center">
          <Text size="sm">
            {t('signup.haveAccount')}{' '}
            <Anchor component={AppLink} to="/login">
              {t('signup.toLogin')}
            </Anchor>
          </Text>
          <Button type="submit" loading={signup.isPending} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {t('signup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
