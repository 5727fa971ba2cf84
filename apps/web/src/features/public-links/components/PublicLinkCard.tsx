// One start link on the settings page (docs/decisions/0092): its address and embed code with copy buttons, the switch,
// the websites that may embed it (one https origin a line; the server checks each) and delete.
import { useRef, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPublicLink } from '@bq/contracts/public-links';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { copyToClipboard } from '../../../lib/clipboard';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useDeletePublicLink } from '../api/delete-public-link';
import { useUpdatePublicLink } from '../api/update-public-link';
import { embedSnippet } from './embed-snippet';

function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const copy = async () => {
    if (await copyToClipboard(value, field.current)) showSuccess(t('publicLinks.copied'));
  };
  const button = (
    <Button variant="light" size="xs" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
      {multiline ? t('publicLinks.copySnippet') : t('publicLinks.copyLink')}
    </Button>
  );
  return (
    <Stack gap={4}>
      {multiline ? (
        <Textarea ref={field} label={label} value={value} readOnly autosize minRows={3} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
      ) : (
        <TextInput ref={field} label={label} value={value} readOnly />
      )}
      <Group>{button}</Group>
    </Stack>
  );
}

export function PublicLinkCard({ link }: { link: TPublicLink }) {
  const { t } = useTranslation();
  const update = useUpdatePublicLink(link.publicId);
  const remove = useDeletePublicLink();
  const [origins, setOrigins] = useState(link.embedOrigins.join('\n'));
  const product = t(PRODUCT_TYPE_INFO[link.productType].nameKey);
  // Deleting breaks the link on the firm's website and every verification link still in a mailbox: asked first.
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('publicLinks.deleteTitle'),
      children: <Text size="sm">{t('publicLinks.deleteText')}</Text>,
      labels: { confirm: t('publicLinks.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(link.publicId),
    });
  const saveOrigins = () =>
    update.mutate(
      { embedOrigins: origins.split('\n').map((o) => o.trim()).filter(Boolean) },
      { onSuccess: () => showSuccess(t('publicLinks.saved')), onError: (error) => showApiError(error) },
    );
  return (
    <Paper withBorder p="md" radius="md" data-testid={`public-link-${link.publicId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{product}</Text>
            <Badge variant="light">{t('publicLinks.leads', { count: link.leads })}</Badge>
          </Group>
          <Switch
            label={t('publicLinks.active')}
            checked={link.active}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ active: event.currentTarget.checked }, { onError: (error) => showApiError(error) })}
          />
        </Group>
        <CopyField label={t('publicLinks.copyLink')} value={link.url} />
        <CopyField label={t('publicLinks.snippet')} value={embedSnippet(link.url, link.publicId, product)} multiline />
        <Textarea
          label={t('publicLinks.origins')}
          description={t('publicLinks.originsHint')}
          value={origins}
          onChange={(event) => setOrigins(event.currentTarget.value)}
          autosize
          minRows={2}
          placeholder="https://www.example.com"
        />
        <Group justify="space-between">
          <Button variant="default" onClick={saveOrigins} loading={update.isPending}>
            {t('publicLinks.save')}
          </Button>
          <Button color="red" variant="subtle" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={confirmDelete}>
            {t('publicLinks.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
