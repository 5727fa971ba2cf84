// The participant's page frame: a plain header with the product mark and a narrow column for reading. Unlike
// the public layout it has no language picker (the questionnaire speaks the client's language) and no link to
// the sign-in pages, which are not for participants.
import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Logo } from '../../../components/ui/Logo';

export const QUESTIONNAIRE_WIDTH = 760;

export function QuestionnaireFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size={QUESTIONNAIRE_WIDTH} h={60} px="md">
          <Group h="100%">
            <Logo />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={QUESTIONNAIRE_WIDTH} px="md" py="xl">
        {children}
      </Container>
    </Box>
  );
}
