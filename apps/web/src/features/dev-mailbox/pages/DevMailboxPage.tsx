// /dev/mailbox: the developer mailbox of the embedded demo (DEV_MAILBOX=true). The demo account's mails
// (invitations, reminders, reports, e-mail verification), newest first, and the selected one (?mail=id, so it can
// be linked) with its text, HTML and headers. For the demo account's admin only: without a sign-in the page asks
// for one (401), another login gets a notice (403); where the mailbox is off the API answers 404 and the page says so.
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconInbox, IconInfoCircle, IconLock, IconLogin, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError, loginPathFor } from '../../../lib/api-client';
import { useDevMail } from '../api/get-dev-mail';
import { devMailboxQueriesKey, useDevMailbox } from '../api/get-dev-mailbox';
import { DevMailTable } from '../components/DevMailTable';
import { DevMailView } from '../components/DevMailView';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

function SelectedMail({ id }: { id: string }) {
  const { t } = useTranslation();
  const mail = useDevMail(id);
  if (mail.data) return <DevMailView mail={mail.data} />;
  if (mail.isError) {
    return (
      <ErrorState
        title={t('devMailbox.detail.loadFailed')}
        message={t('devMailbox.loadFailed.text')}
        onRetry={() => void mail.refetch()}
      />
    );
  }
  return <Skeleton height={240} radius="md" role="status" aria-label={t('common.loading')} />;
}

export function DevMailboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mailbox = useDevMailbox();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const selectedId = search.get('mail');
  const select = (id: string) =>
    setSearch((params) => {
      params.set('mail', id);
      return params;
    });

  const refresh = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={18} aria-hidden />}
      loading={mailbox.isFetching}
      // The list and the open mail: its status may have moved on (PENDING -> SENT).
      onClick={() => void queryClient.invalidateQueries({ queryKey: devMailboxQueriesKey })}
      data-testid="dev-mailbox-refresh"
    >
      {t('devMailbox.refresh')}
    </Button>
  );

  let content;
  if (mailbox.data) {
    const mails = mailbox.data.mails;
    content =
      mails.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" data-testid="dev-mailbox-empty">
          <IconInbox size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('devMailbox.empty.title')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={480}>
            {t('devMailbox.empty.text')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="lg">
          <DevMailTable mails={mails} selectedId={selectedId} onSelect={select} />
          {selectedId ? (
            <SelectedMail id={selectedId} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('devMailbox.detail.none')}
            </Text>
          )}
        </Stack>
      );
  } else if (mailbox.isError && statusOf(mailbox.error) === 401) {
    content = (
      <NoticePanel
        testId="dev-mailbox-sign-in"
        centered={false}
        headingOrder={2}
        color="orange"
        icon={<IconLock size={26} stroke={1.6} />}
        title={t('devMailbox.signIn.title')}
        text={t('devMailbox.signIn.text')}
        actions={
          <Button component={AppLink} to={loginPathFor(location.pathname + location.search)} leftSection={<IconLogin size={18} aria-hidden />}>
            {t('devMailbox.signIn.button')}
          </Button>
        }
      />
    );
  } else if (mailbox.isError && statusOf(mailbox.error) === 403) {
    content = (
      <NoticePanel
        testId="dev-mailbox-forbidden"
        centered={false}
        headingOrder={2}
        color="orange"
        icon={<IconLock size={26} stroke={1.6} />}
        title={t('devMailbox.forbidden.title')}
        text={t('devMailbox.forbidden.text')}
      />
    );
  } else if (mailbox.isError && statusOf(mailbox.error) === 404) {
    content = (
      <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('devMailbox.unavailable.title')} data-testid="dev-mailbox-unavailable">
        {t('devMailbox.unavailable.text')}
      </Alert>
    );
  } else if (mailbox.isError) {
    content = (
      <ErrorState
        title={t('devMailbox.loadFailed.title')}
        message={t('devMailbox.loadFailed.text')}
        onRetry={() => void mailbox.refetch()}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status" aria-label={t('common.loading')}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader title={t('page.devMailbox.title')} description={t('devMailbox.lead')} actions={refresh} />
      {content}
    </Stack>
  );
}
