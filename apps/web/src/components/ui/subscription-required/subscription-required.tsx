import { MESSAGES } from '@behavio/contract';
import { Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * product-rules: Roles and permissions: the lock and 'purchase a subscription' message of a screen the free plan does not
 * open; the screen adds the ways on.
 */
export function SubscriptionRequiredMessage() {
  return (
    <>
      <ThemeIcon size={56} radius="xl" variant="light" color="orange">
        <IconLock size={28} />
      </ThemeIcon>
      <Text fw={700} fz="lg" role="alert">
        {MESSAGES.purchaseSubscription}
      </Text>
    </>
  );
}
