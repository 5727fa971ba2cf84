// The bulk send dialog: the options of a single send (expiry, e-mail the invitation, reminder, auto report) and how
// recent an answer makes a client skipped (decision 0084), then, once sent, the progress panel in the same dialog.
// Closing the dialog while the send runs leaves it running.
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INVITATION_VALID_DAYS, ZCreateInstanceRequest } from '@bq/contracts/instances';
import { BULK_SEND_DEFAULT_SKIP_MONTHS, BULK_SEND_MAX_SKIP_MONTHS, ZBulkSendRequest, type TBulkSendFilter } from '@bq/contracts/bulk-send';
import { REVIEW_PRODUCT_TYPES } from '@bq/domain/yearly-review';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useFormat } from '../../../lib/formats';
import { apiErrorMessage } from '../../../lib/notify';
import { useStartBulkSend } from '../api/start-bulk-send';
import { SendOptionsFields } from '../../clients/interactions/components/SendOptionsFields';
import { BulkSendProgress } from './BulkSendProgress';

export interface BulkSelection {
  productConfigurationId: string;
  clientTokens?: string[];
  filter?: TBulkSendFilter;
  count: number;
  countIsLowerBound: boolean;
  /** The list is filtered to clients due for their yearly review: the send starts from their answers unless unticked. */
  reviewRound?: boolean;
}

interface BulkSendModalProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog closes after a send started: the selection has served (cleared only now, as it holds the dialog). */
  onSent: () => void;
  onFinished: () => void;
  selection: BulkSelection;
}

export function BulkSendModal({ opened, onClose, onSent, onFinished, selection }: BulkSendModalProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const [jobId, setJobId] = useState<string | null>(null);
  const close = () => {
    const sent = jobId !== null;
    setJobId(null);
    onClose();
    if (sent) onSent();
  };
  const title = selection.countIsLowerBound
    ? t('bulkSend.titleAll')
    : t('bulkSend.title', { count: selection.count, countText: formatNumber(selection.count, 0) });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={jobId ? t('bulkSend.progress.title') : title}
      size="lg"
      data-testid="bulk-send-modal"
    >
      {opened && jobId ? <BulkSendProgress id={jobId} onClose={close} onFinished={onFinished} /> : null}
      {opened && !jobId ? <BulkSendForm selection={selection} onClose={close} onStarted={setJobId} /> : null}
    </Modal>
  );
}

const expiryRule = ZCreateInstanceRequest.shape.expiresInDays;
const skipRule = ZBulkSendRequest.shape.skipResultsWithinMonths;

function BulkSendForm({
  selection,
  onClose,
  onStarted,
}: {
  selection: BulkSelection;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const start = useStartBulkSend();
  const productDays = user.products.find((p) => p.id === selection.productConfigurationId)?.invitationValidDays;
  const [expiresInDays, setExpiresInDays] = useState<string | number>(
    productDays ?? DEFAULT_INVITATION_VALID_DAYS,
  );
  const [sendInvitationEmail, setSendInvitationEmail] = useState(true);
  const [autoReminder, setAutoReminder] = useState(true);
  const [autoSendReport, setAutoSendReport] = useState(false);
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const [skipMonths, setSkipMonths] = useState<string | number>(BULK_SEND_DEFAULT_SKIP_MONTHS);
  const [skipError, setSkipError] = useState<string | null>(null);
  // A risk product with reviews (decision 0093) offers the yearly review's start from each client's previous answers.
  const product = user.products.find((p) => p.id === selection.productConfigurationId);
  const reviewable = product !== undefined && REVIEW_PRODUCT_TYPES.includes(product.productType) && product.reviewEveryMonths > 0;
  const [startFromPrevious, setStartFromPrevious] = useState(reviewable && Boolean(selection.reviewRound));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const days = Number(expiresInDays);
    if (!expiryRule.safeParse(days).success || String(expiresInDays).trim() === '') {
      setExpiryError(t('interactions.send.expiry.invalid'));
      return;
    }
    setExpiryError(null);
    const months = Number(skipMonths);
    if (String(skipMonths).trim() === '' || !skipRule.safeParse(months).success) {
      setSkipError(t('bulkSend.skipRecent.invalid'));
      return;
    }
    setSkipError(null);
    const { count: _count, countIsLowerBound: _lower, reviewRound: _review, ...chosen } = selection;
    start.mutate(
      { ...chosen, expiresInDays: days, sendInvitationEmail, autoReminder, autoSendReport, skipResultsWithinMonths: months, startFromPrevious: reviewable && startFromPrevious },
      { onSuccess: (progress) => onStarted(progress.id) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('bulkSend.button')}>
      <Stack gap="md">
        <Text size="sm">{t('bulkSend.lead')}</Text>
        {reviewable ? (
          <Checkbox
            label={t('review.bulk.fromPreviousField')}
            description={t('review.bulk.fromPreviousHint')}
            checked={startFromPrevious}
            onChange={(event) => setStartFromPrevious(event.currentTarget.checked)}
            data-testid="bulk-send-from-previous"
          />
        ) : null}
        <SendOptionsFields
          testIdPrefix="bulk-send"
          expiry={{
            value: expiresInDays,
            onChange: (next) => {
              setExpiresInDays(next);
              setExpiryError(null);
            },
            error: expiryError,
          }}
          emailInvite={{
            label: t('bulkSend.emailInvite.label'),
            checked: sendInvitationEmail,
            onChange: setSendInvitationEmail,
          }}
          autoReminder={{ checked: autoReminder, onChange: setAutoReminder }}
          autoSendReport={{ checked: autoSendReport, onChange: setAutoSendReport }}
        />
        <NumberInput
          label={t('bulkSend.skipRecent.label')}
          description={t('bulkSend.skipRecent.hint')}
          value={skipMonths}
          onChange={(next) => {
            setSkipMonths(next);
            setSkipError(null);
          }}
          error={skipError}
          min={0}
          max={BULK_SEND_MAX_SKIP_MONTHS}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={260}
          data-testid="bulk-send-skip-months"
        />
        {start.isError ? (
          <Text size="sm" c="red.8" role="alert" data-testid="bulk-send-error">
            {apiErrorMessage(start.error)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={start.isPending} data-testid="bulk-send-submit">
            {t('bulkSend.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
