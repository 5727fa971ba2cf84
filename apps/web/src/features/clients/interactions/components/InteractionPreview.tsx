// "Preview questions": a disclosure with the questionnaire's pages and questions as the client will read them
// (texts in the adviser's language). Closed at first; the list is already loaded with the dialog.
import { useId, useState } from 'react';
import { Box, Button, Collapse, List, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInteractionPreview } from '@bq/contracts/questionnaire';

type PreviewItem = TInteractionPreview['interaction']['items'][number];

/** The pages with their items, numbered on across pages as the questionnaire counts them. */
function numberedPages(preview: TInteractionPreview | undefined) {
  if (!preview) return [];
  const items = new Map(preview.interaction.items.map((item) => [item.key, item]));
  let start = 1;
  return preview.interaction.pages.map((page) => {
    const pageItems = page.itemKeys.flatMap((key): PreviewItem[] => {
      const item = items.get(key);
      return item ? [item] : [];
    });
    const numbered = { key: page.key, titleKey: page.titleKey, start, items: pageItems };
    start += pageItems.length;
    return numbered;
  });
}

interface InteractionPreviewProps {
  preview: TInteractionPreview | undefined;
  failed: boolean;
}

export function InteractionPreview({ preview, failed }: InteractionPreviewProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const text = (key: string) => preview?.texts[key] ?? key;
  const pages = numberedPages(preview);

  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="send-interaction-preview"
      >
        {t('interactions.send.preview')}
      </Button>
      <Collapse expanded={open} id={panelId}>
        <Box
          mt="xs"
          mah={320}
          style={{ overflowY: 'auto' }}
          // A scrolling list: focusable so keyboard users can scroll it, named for screen readers.
          tabIndex={0}
          role="region"
          aria-label={t('interactions.send.preview')}
          data-testid="send-interaction-preview-questions"
        >
          {failed ? (
            <Text size="sm" c="red" role="alert">
              {t('interactions.send.previewFailed')}
            </Text>
          ) : !preview ? (
            <Text size="sm" c="dimmed">
              {t('common.loading')}
            </Text>
          ) : (
            <Stack gap="sm">
              {pages.map((page) => (
                <Box key={page.key}>
                  <Title order={4} fz="sm" mb={4}>
                    {text(page.titleKey)}
                  </Title>
                  <List type="ordered" start={page.start} size="sm" spacing={2} withPadding>
                    {page.items.map((item) => (
                      <List.Item key={item.key}>{text(item.textKey)}</List.Item>
                    ))}
                  </List>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
