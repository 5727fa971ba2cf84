// The send dialog: which questionnaire goes out (name, number of questions, time needed, a preview of the
// questions), when it expires, whether the invitation is e-mailed now (ticked: the first click sends it) and whether
// reminder and report go out automatically. Sending creates the instance (and queues its invitation in the same
// transaction) and opens its actions page, where the adviser copies the link or sends it again. The options scroll
// and Cancel / Send stay in a footer below them, visible on a short screen and a phone (decision 0077). A client who
// already has an open questionnaire of the product gets no second one without a word: the server refuses, the footer
// names the open one and asks whether a second is meant (decision 0084).
import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TClientProfile } from '@bq/contracts/clients';
import type { TAccountInteraction, TAlreadyOpenDetails } from '@bq/contracts/instances';
import { fullName } from '@bq/domain/initials';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { useSignedInUser } from '../../../../lib/api/get-current-user';
import { useAppNavigate } from '../../../../lib/navigation';
import { showSuccess } from '../../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../../lib/zod-form';
import { alreadyOpenOf, useCreateInstance } from '../api/create-instance';
import { useInteractionPreview } from '../api/get-interaction-preview';
import { SEND_DEFAULTS, ZSendInteractionForm, createInstanceRequest } from '../send-interaction-schema';
import { InteractionPreview } from './InteractionPreview';
import { NoPrivacyPolicyNotice } from './NoPrivacyPolicyNotice';
import { SecondOpenWarning } from './SecondOpenWarning';
import { SendOptionsFields } from './SendOptionsFields';
import { StartFromPreviousField } from '../../../yearly-review/components/StartFromPreviousField';
import { REVIEW_PRODUCT_TYPES } from '@bq/domain/yearly-review';
import classes from './SendInteractionModal.module.css';

interface SendInteractionModalProps {
  opened: boolean;
  onClose: () => void;
  client: TClientProfile;
  interaction: TAccountInteraction;
}

export function SendInteractionModal({ opened, onClose, client, interaction }: SendInteractionModalProps) {
  const { t } = useTranslation();
  const name = fullName(client.lastName, client.firstName);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('interactions.send.title', { name })}
      size="lg"
      classNames={{ content: classes.content, body: classes.body }}
      data-testid="send-interaction-modal"
    >
      {/* Mounted only while open, so every opening starts from the defaults. */}
      {opened ? <SendInteractionForm client={client} interaction={interaction} onClose={onClose} /> : null}
    </Modal>
  );
}

const FORM_FIELDS = ['expiresInDays'] as const;

function SendInteractionForm({ client, interaction, onClose }: Omit<SendInteractionModalProps, 'opened'>) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const navigate = useAppNavigate();
  const create = useCreateInstance();
  const preview = useInteractionPreview(interaction.interactionId, user.locale);
  const productDays = user.products.find((p) => p.id === client.productConfigurationId)?.invitationValidDays;
  const form = useZodForm(ZSendInteractionForm, {
    expiresInDays: String(productDays ?? SEND_DEFAULTS.expiresInDays),
  });
  const [autoReminder, setAutoReminder] = useState(SEND_DEFAULTS.autoReminder);
  const [autoSendReport, setAutoSendReport] = useState(SEND_DEFAULTS.autoSendReport);
  // The yearly review (decision 0093): a risk client with a result may start from their previous answers; ticked when due.
  const canStartFromPrevious = client.latestResultAt !== null && REVIEW_PRODUCT_TYPES.includes(client.productType);
  const [startFromPrevious, setStartFromPrevious] = useState(canStartFromPrevious && client.reviewDueAt !== null);
  // Set when the server named an open questionnaire: the next submit says a second one is intended.
  const [secondOpen, setSecondOpen] = useState<TAlreadyOpenDetails | null>(null);
  // Only a client with an address can be e-mailed; the option is then ticked, so the first click sends.
  const canEmail = client.email.trim() !== '';
  const [sendInvitationEmail, setSendInvitationEmail] = useState(
    canEmail && SEND_DEFAULTS.sendInvitationEmail,
  );
  const name = fullName(client.lastName, client.firstName);
  const interactionName =
    preview.data?.texts[interaction.nameKey] ?? t(PRODUCT_TYPE_INFO[client.productType].nameKey);
  const { onChange: _onChange, value, ...expiryProps } = form.inputProps('expiresInDays');

  const submit = form.handleSubmit(({ expiresInDays }) => {
    const request = createInstanceRequest(client.token, client.productConfigurationId, {
      expiresInDays,
      autoReminder,
      autoSendReport,
      sendInvitationEmail,
    });
    create.mutate({ ...request, allowSecondOpen: secondOpen !== null, startFromPrevious: canStartFromPrevious && startFromPrevious }, {
      onSuccess: (instance) => {
        showSuccess(
          instance.invitationMail
            ? t('interactions.send.successQueued', { name, email: client.email })
            : t('interactions.send.success', { name }),
        );
        onClose();
        navigate(`/${client.productType}/client/${client.token}/interaction/${instance.token}`);
      },
      onError: (error) => {
        const open = alreadyOpenOf(error);
        if (open) setSecondOpen(open);
        else form.setServerErrors(apiFieldErrors(error, FORM_FIELDS));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('interactions.send.title', { name })} className={classes.form}>
      <Stack gap="md" className={classes.scroll} data-testid="send-interaction-body">
        <Text size="sm">{t('interactions.send.lead')}</Text>
        <NoPrivacyPolicyNotice accountId={user.accountId} />
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('interactions.send.interaction')}
            </Text>
            <Text fw={600} data-testid="send-interaction-name">
              {interactionName}
            </Text>
            <Text size="sm" c="dimmed" data-testid="send-interaction-facts">
              {t('interactions.send.facts', {
                items: interaction.itemCount,
                minutes: interaction.estimatedMinutes,
              })}
            </Text>
            <InteractionPreview preview={preview.data} failed={preview.isError} />
          </Stack>
        </Paper>
        {canStartFromPrevious && client.latestResultAt ? (
          <StartFromPreviousField latestResultAt={client.latestResultAt} checked={startFromPrevious} onChange={setStartFromPrevious} />
        ) : null}
        <SendOptionsFields
          testIdPrefix="send-interaction"
          expiry={{ ...expiryProps, value, onChange: (next) => form.setValue('expiresInDays', String(next)) }}
          emailInvite={
            canEmail
              ? {
                  label: t('interactions.send.emailInvite.label', { email: client.email }),
                  checked: sendInvitationEmail,
                  onChange: setSendInvitationEmail,
                }
              : null
          }
          autoReminder={{ checked: autoReminder, onChange: setAutoReminder }}
          autoSendReport={{ checked: autoSendReport, onChange: setAutoSendReport }}
        />
      </Stack>
      <Stack gap="sm" className={classes.footer} data-testid="send-interaction-footer">
        {secondOpen ? (
          <SecondOpenWarning
            open={secondOpen}
            clientName={name}
            href={`/${client.productType}/client/${client.token}/interaction/${secondOpen.openInstanceToken}`}
            onLeave={onClose}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-testid="send-interaction-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="send-interaction-submit">
            {secondOpen ? t('interactions.send.secondOpen.confirm') : t('interactions.send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
