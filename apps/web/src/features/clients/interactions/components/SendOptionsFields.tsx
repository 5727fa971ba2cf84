// The options every send of a questionnaire offers, for one client or many: when the invitation expires, whether it
// is e-mailed now, and whether the reminder and the report go out automatically. The dialogs own the state; the
// test ids carry the dialog's prefix (`send-interaction-…`, `bulk-send-…`), so journeys tell them apart.
import { Checkbox, NumberInput, Switch, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Toggle {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export interface SendOptionsFieldsProps {
  testIdPrefix: string;
  /** The expiry field's value, change handler and message, plus whatever the dialog's form library sets (id, aria). */
  expiry: Omit<NumberInputProps, 'value' | 'onChange'> & {
    value: string | number;
    onChange: (next: string | number) => void;
  };
  /** Left out when the invitation cannot be e-mailed (a client without an address). */
  emailInvite: (Toggle & { label: string }) | null;
  autoReminder: Toggle;
  autoSendReport: Toggle;
}

export function SendOptionsFields({
  testIdPrefix,
  expiry,
  emailInvite,
  autoReminder,
  autoSendReport,
}: SendOptionsFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NumberInput
        {...expiry}
        label={t('interactions.send.expiry.label')}
        description={t('interactions.send.expiry.hint')}
        min={1}
        max={365}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        // Out-of-range values stay as typed, so the message can say what is allowed instead of silently changing
        // the number.
        clampBehavior="none"
        maw={260}
        required
        data-testid={`${testIdPrefix}-expiry`}
      />
      {emailInvite ? (
        <Checkbox
          label={emailInvite.label}
          description={t('interactions.send.emailInvite.hint')}
          checked={emailInvite.checked}
          onChange={(event) => emailInvite.onChange(event.currentTarget.checked)}
          data-testid={`${testIdPrefix}-email-invite`}
        />
      ) : null}
      <Switch
        label={t('interactions.autoReminder.label')}
        description={t('interactions.autoReminder.hint')}
        checked={autoReminder.checked}
        onChange={(event) => autoReminder.onChange(event.currentTarget.checked)}
        data-testid={`${testIdPrefix}-auto-reminder`}
      />
      <Switch
        label={t('interactions.autoReport.label')}
        description={t('interactions.autoReport.hint')}
        checked={autoSendReport.checked}
        onChange={(event) => autoSendReport.onChange(event.currentTarget.checked)}
        data-testid={`${testIdPrefix}-auto-report`}
      />
    </>
  );
}
