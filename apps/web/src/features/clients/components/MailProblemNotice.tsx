// Above the client list: the adviser is told when mail cannot leave (docs/decisions/0083). Counts the clients on the
// page whose latest invitation or report mail is not sent yet after a failed attempt, or was given up, and quotes the
// newest error, so a firm's broken mail server shows on the page advisers look at every day. The server counts the
// whole product too (mailProblems, the last 30 days): clients on other pages are named as a number, and a page
// without any still shows the notice when others have one.
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientListItem, TClientListResponse } from '@bq/contracts/clients';
import type { TMailDelivery } from '@bq/contracts/mail';

const stuck = (mail: TMailDelivery | null | undefined): mail is TMailDelivery => mail?.state === 'DEFERRED' || mail?.state === 'FAILED';

interface MailProblemNoticeProps {
  items: TClientListItem[];
  /** The product-wide count from the list's answer; absent from an answer of an older server. */
  productWide?: TClientListResponse['mailProblems'];
}

export function MailProblemNotice({ items, productWide = null }: MailProblemNoticeProps) {
  const { t } = useTranslation();
  const problems = items.flatMap((client) => {
    const mails = [client.lastInstance?.invitationMail, client.lastInstance?.reportMail].filter(stuck);
    return mails.length > 0 ? [mails] : [];
  });
  if (problems.length === 0 && !productWide) return null;
  const newest = problems.flat().sort((a, b) => b.queuedAt.localeCompare(a.queuedAt))[0];
  const elsewhere = productWide && productWide.clients > problems.length ? productWide.clients : 0;
  return (
    <Alert color="orange" variant="light" mb="md" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('mailDelivery.notice.title')} data-testid="client-list-mail-problem">
      {newest ? (
        <Text size="sm">{t('mailDelivery.notice.text', { count: problems.length, reason: newest.reason ?? t('mailDelivery.noReason') })}</Text>
      ) : (
        <Text size="sm">{t('mailDelivery.notice.otherPages', { count: productWide!.clients, reason: productWide!.newestReason ?? t('mailDelivery.noReason') })}</Text>
      )}
      {newest && elsewhere > 0 ? (
        <Text size="sm" mt={4} data-testid="client-list-mail-problem-all">
          {t('mailDelivery.notice.inAll', { count: elsewhere })}
        </Text>
      ) : null}
      <Text size="sm" mt={4}>
        {t('mailDelivery.checkSender')}
      </Text>
    </Alert>
  );
}
