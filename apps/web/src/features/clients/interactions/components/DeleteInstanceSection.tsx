// The danger zone of an interaction page: deleting it after a security-code confirmation, then back to the
// client. Absent for users without DELETE on interactions.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { useAppNavigate } from '../../../../lib/navigation';
import { showSuccess } from '../../../../lib/notify';
import { useDeleteInstance } from '../api/delete-instance';
import { DeleteInstanceModal } from './DeleteInstanceModal';

interface DeleteInstanceSectionProps {
  instance: TInstance;
  clientPath: string;
}

export function DeleteInstanceSection({ instance, clientPath }: DeleteInstanceSectionProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const remove = useDeleteInstance();
  const [opened, { open, close }] = useDisclosure(false);
  const headingId = `interaction-danger-${instance.token}`;

  const openConfirmation = () => {
    remove.reset();
    open();
  };

  const confirm = () =>
    remove.mutate(
      {
        token: instance.token,
        clientToken: instance.clientToken,
        productConfigurationId: instance.productConfigurationId,
      },
      {
        onSuccess: () => {
          close();
          showSuccess(t('interactions.delete.success'));
          navigate(clientPath);
        },
      },
    );

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="h4" id={headingId} c="red.8">
            {t('interactions.delete.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('interactions.delete.lead')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={openConfirmation}
          data-testid="interaction-delete-button"
        >
          {t('interactions.delete.button')}
        </Button>
      </Group>
      <DeleteInstanceModal
        opened={opened}
        onClose={close}
        onConfirm={confirm}
        pending={remove.isPending}
        error={remove.error}
      />
    </Paper>
  );
}
