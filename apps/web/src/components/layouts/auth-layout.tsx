import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicHeader } from './public-header';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Login, register and verification: one centred card on a calm background. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 500px at 50% -10%, var(--mantine-color-brand-0), transparent 70%), var(--mantine-color-gray-0)',
      }}
    >
      <PublicHeader />
      <Box component="main" style={{ flex: 1 }} py={{ base: 'lg', sm: 48 }}>
        <Container size={480} px={{ base: 'md', sm: 'lg' }}>
          <Stack gap={6} mb="lg" ta="center">
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Container>
      </Box>
    </Box>
  );
}
