// A full-width message in place of the questionnaire: thank you, expired, closed, not found, load failure.
// Its heading takes the focus when the notice replaces the questionnaire the participant was working in.
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Paper, Stack, ThemeIcon, Title } from '@mantine/core';

interface QuestionnaireNoticeProps {
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  color: string;
  title: ReactNode;
  children: ReactNode;
  testId: string;
  focusHeading?: boolean;
}

export function QuestionnaireNotice({
  icon: Icon,
  color,
  title,
  children,
  testId,
  focusHeading,
}: QuestionnaireNoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          <Icon size={34} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2" ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        <Stack gap="sm" maw={540} align="center">
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
