import { FREE_PLAN_UPLOAD_MESSAGE } from '@behavio/contract';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard, IconUserShield } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

function Notice({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder bg="white" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * Only the firm admin may upload (the server answers 403 to anyone else), so other roles get an
 * explanation instead of a drop zone.
 */
export function AdminOnlyNotice({
  waitingForFirstFile,
  onCheckAgain,
  checking,
}: {
  /** The onboarding view: the firm has no customers file yet. */
  waitingForFirstFile: boolean;
  onCheckAgain?: () => void;
  checking?: boolean;
}) {
  if (waitingForFirstFile) {
    return (
      <Notice
        icon={<IconUserShield size={30} stroke={1.5} />}
        title="Waiting for your firm's customers file"
        action={
          onCheckAgain ? (
            <Button variant="light" onClick={onCheckAgain} loading={checking}>
              Check again
            </Button>
          ) : undefined
        }
      >
        Your firm admin has not uploaded a customers file yet. Only the admin can upload it; your
        insights appear here once they have.
      </Notice>
    );
  }
  return (
    <Notice icon={<IconUserShield size={30} stroke={1.5} />} title="Uploads are done by your admin">
      Only your firm admin can upload customer files. The files your firm has uploaded are in the
      other tabs.
    </Notice>
  );
}

/** Free plan with a file already (product-rules: Screens Datasets): no second upload. */
export function FreePlanNotice() {
  return (
    <Notice
      icon={<IconCreditCard size={30} stroke={1.5} />}
      title="Upload limit reached"
      action={
        <Button component={Link} to={paths.subscription}>
          View subscription plans
        </Button>
      }
    >
      {FREE_PLAN_UPLOAD_MESSAGE}
    </Notice>
  );
}
