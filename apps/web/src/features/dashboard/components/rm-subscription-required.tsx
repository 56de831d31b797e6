import { MESSAGES } from '@behavio/contract';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Spec §2 Dashboard / §6: an RM on the free plan sees this instead of the analytics panels. */
export function RmSubscriptionRequired() {
  return (
    <Paper withBorder p="xl" bg="white">
      <Stack align="center" ta="center" gap="md" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconLock size={28} />
        </ThemeIcon>
        <Text fw={700} fz="lg" role="alert">
          {MESSAGES.purchaseSubscription}
        </Text>
        <Button component={Link} to={paths.subscription} variant="light">
          Go to Subscription
        </Button>
      </Stack>
    </Paper>
  );
}
