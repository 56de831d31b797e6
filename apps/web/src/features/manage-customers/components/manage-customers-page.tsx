import { ADMIN_MESSAGES, MESSAGES, isPaidPlan, type User } from '@behavio/contract';
import { Alert, Anchor, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconLock, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { useRms } from '../api/customers';
import { CustomerAssignment } from './customer-assignment';
import { RmBookSection } from './rm-book-section';
import { WhoToCallSection } from './who-to-call-section';

export const MANAGE_CUSTOMERS_TEXT = {
  readOnly: 'Read-only view',
  readOnlyMessage:
    'You can look through the customers. Only your firm admin can assign or reassign them.',
  notForRm: 'Manage Customers is for your firm admin',
  notForRmMessage: 'Your own customers, call list and insights are on your Dashboard.',
} as const;

/** The friendly page shown instead of the tools (an rm, or a firm on the free plan). */
function Notice({
  icon,
  title,
  message,
  action,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  action: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="white" maw={640}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

function Gate({ user }: { user: User }) {
  if (user.role === 'rm') {
    return (
      <Notice
        icon={<IconUsers size={22} />}
        title={MANAGE_CUSTOMERS_TEXT.notForRm}
        message={MANAGE_CUSTOMERS_TEXT.notForRmMessage}
        action={
          <Button component={Link} to={paths.dashboard}>
            Go to Dashboard
          </Button>
        }
      />
    );
  }
  const admin = user.role === 'admin';
  return (
    <Notice
      icon={<IconLock size={22} />}
      title={ADMIN_MESSAGES.upgradeRequired}
      message={
        admin
          ? 'Upgrade to assign customers to relationship managers, view their books and call lists.'
          : MESSAGES.contactAdmin
      }
      action={
        admin ? (
          <Button component={Link} to={paths.subscription}>
            Upgrade Now
          </Button>
        ) : null
      }
    />
  );
}

/** The tools; what each role may use follows docs/permissions.md. */
function ManageCustomersTools({ user }: { user: User }) {
  const canAssign = user.role === 'admin';
  // view reads the customer list only; books and call lists are for admin, head and compliance.
  const canOversee = user.role === 'admin' || user.role === 'head' || user.role === 'compliance';
  const rmsQuery = useRms();
  useQueryErrorToast(rmsQuery, {
    id: 'rms',
    title: MANAGE_CUSTOMERS_ERRORS.rms,
    message: errorText,
  });

  return (
    <Stack gap="lg">
      {canAssign ? null : (
        <Alert
          variant="light"
          color="gray"
          icon={<IconEye size={18} />}
          title={MANAGE_CUSTOMERS_TEXT.readOnly}
        >
          {MANAGE_CUSTOMERS_TEXT.readOnlyMessage}
        </Alert>
      )}
      <CustomerAssignment canAssign={canAssign} />
      {canOversee ? (
        <>
          <RmBookSection canExport={canAssign} />
          <WhoToCallSection canExport={canAssign} />
        </>
      ) : null}
    </Stack>
  );
}

/** /settings/manageCustomers (product-rules: Screens Manage Customers). */
export function ManageCustomersPage() {
  const { data: user } = useUser();
  const allowed = user ? user.role !== 'rm' && isPaidPlan(user.subscription) : false;

  return (
    <>
      {user && user.role !== 'rm' ? (
        <Anchor
          component={Link}
          to={paths.settings}
          size="sm"
          fw={500}
          mb="xs"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} />
          Back to Settings
        </Anchor>
      ) : null}
      <PageHeader
        title="Manage Customers"
        description="Search customers, assign them to relationship managers and review their books."
      />
      {user ? allowed ? <ManageCustomersTools user={user} /> : <Gate user={user} /> : null}
    </>
  );
}
