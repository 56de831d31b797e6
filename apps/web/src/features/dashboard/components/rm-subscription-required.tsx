import { Button, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { SubscriptionRequiredMessage } from '@/components/ui/subscription-required/subscription-required';
import { paths } from '@/config/paths';

/** product-rules: Screens Dashboard / §6: an RM on the free plan sees this instead of the analytics panels. */
export function RmSubscriptionRequired() {
  return (
    <Paper withBorder p="xl" bg="white">
      <Stack align="center" ta="center" gap="md" py="lg">
        <SubscriptionRequiredMessage />
        <Button component={Link} to={paths.subscription} variant="light">
          Go to Subscription
        </Button>
      </Stack>
    </Paper>
  );
}
