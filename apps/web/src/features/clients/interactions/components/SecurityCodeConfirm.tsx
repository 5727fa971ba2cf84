// The four-digit code a destructive action asks for (deleting an interaction, erasing a client; ADR 0008): the code
// shown large, the field to type it, and the check on submit. The confirm button stays disabled until the code
// matches; Enter with a wrong code says it does not match. The dialogs keep their own text and buttons.
import { useId, useState, type FormEvent } from 'react';
import { Code, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchesSecurityCode } from '../security-code';

/** State of the code check; `attempt` calls `onMatch` with the typed code only when it matches. */
export function useSecurityCodeCheck(code: string, onMatch: (typed: string) => void) {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const matches = matchesSecurityCode(typed, code);
  const attempt = (event?: FormEvent) => {
    event?.preventDefault();
    if (!matches) {
      setMismatch(true);
      return;
    }
    onMatch(typed.trim());
  };
  const type = (value: string) => {
    setTyped(value);
    setMismatch(false);
  };
  return { code, typed, matches, mismatch, attempt, type };
}

interface SecurityCodeFieldProps {
  check: ReturnType<typeof useSecurityCodeCheck>;
  /** Test ids: `<prefix>` on the shown code, `<prefix>-input` on the field. */
  testIdPrefix: string;
}

export function SecurityCodeField({ check, testIdPrefix }: SecurityCodeFieldProps) {
  const { t } = useTranslation();
  const codeId = useId();
  return (
    <>
      <div>
        <Text size="sm" id={codeId}>
          {t('interactions.delete.codeIntro')}
        </Text>
        <Code
          block
          mt={6}
          fz={28}
          fw={700}
          ta="center"
          style={{ letterSpacing: '0.4em' }}
          aria-describedby={codeId}
          data-testid={testIdPrefix}
        >
          {check.code}
        </Code>
      </div>
      <TextInput
        label={t('interactions.delete.codeLabel')}
        value={check.typed}
        onChange={(event) => check.type(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Browsers skip implicit submission while the submit button is disabled; Enter still gets an answer.
          if (event.key === 'Enter') check.attempt(event);
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        data-autofocus
        error={check.mismatch ? t('ERROR_SECURITY_CODE_MISMATCH') : undefined}
        data-testid={`${testIdPrefix}-input`}
      />
    </>
  );
}
