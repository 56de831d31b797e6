import { CLAIMED_USER_COUNT } from '@behavio/contract';
import { Avatar, Box, Container, Stack, Text, Title } from '@mantine/core';
import avatar1 from '@/assets/avatar-1.svg';
import avatar2 from '@/assets/avatar-2.svg';
import avatar3 from '@/assets/avatar-3.svg';

const AVATARS = [avatar1, avatar2, avatar3];

export function TrustedSection() {
  return (
    <Box component="section" aria-labelledby="trusted-title" py={{ base: 56, sm: 80 }} bg="brand.0">
      <Container size="sm">
        <Stack align="center" ta="center" gap="md">
          <Avatar.Group spacing="md">
            {AVATARS.map((src) => (
              <Avatar
                key={src}
                src={src}
                alt=""
                size={56}
                radius="xl"
                style={{ border: '3px solid white' }}
              />
            ))}
          </Avatar.Group>
          <Title id="trusted-title" order={2} fz={{ base: 24, sm: 32 }}>
            {`Trusted by over ${CLAIMED_USER_COUNT} users`}
          </Title>
          <Text c="dimmed" maw={480}>
            Relationship managers, analysts and firm admins rely on it for clearer, better-informed
            customer conversations.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
