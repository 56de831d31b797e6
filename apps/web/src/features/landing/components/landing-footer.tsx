import { Box, Container, Group, Text } from '@mantine/core';
import { Brand } from '@/components/ui/brand/brand';
import { getAppName } from '@/config/app-name';

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Brand size={28} />
          <Text c="dimmed" fz="sm">
            © 2025 {getAppName()}. All rights reserved.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
