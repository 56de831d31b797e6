import { BILLING_MESSAGES, type LocalCheckoutSession } from '@behavio/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCreditCardOff,
  IconFlask,
  IconLock,
  IconReceipt,
  IconRefresh,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/brand/brand';
import { RetryButton } from '@/components/ui/query-states/query-states';
import { getAppName } from '@/config/app-name';
import { paths } from '@/config/paths';
import { messageOr, hasCode, endsSession } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useCheckoutSession, useCompleteCheckout } from '../api/checkout';
import { browserLocation } from '../utils/browser';
import { formatMoney, planName } from '@/lib/display-rules';
import { formatDateTime } from '../utils/format';

export const CHECKOUT_TEXT = {
  pay: 'Pay',
  cancel: 'Cancel',
  decline: 'Simulate a declined card',
  back: 'Back to Subscription',
  testMode: 'Test mode',
  testControls: 'Test controls',
  loadError: 'This checkout could not be loaded',
  redirecting: 'Returning to your subscription…',
  failedToProcess: BILLING_MESSAGES.failedToProcess,
} as const;

type Outcome = 'paid' | 'cancelled' | 'failed';

function BackButton() {
  return (
    <Button
      component={Link}
      to={paths.subscription}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {CHECKOUT_TEXT.back}
    </Button>
  );
}

/** A checkout that cannot be paid (unknown, completed or expired), with the way back. */
function ClosedState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="md" py="md" role="alert">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        <IconReceipt size={28} />
      </ThemeIcon>
      <Title order={1} fz={20}>
        {title}
      </Title>
      {children}
      <BackButton />
    </Stack>
  );
}

const closedTitle = (session: LocalCheckoutSession): string | null => {
  if (session.status === 'expired') return BILLING_MESSAGES.checkoutExpired;
  if (session.expiresAt && new Date(session.expiresAt).getTime() <= Date.now()) {
    return BILLING_MESSAGES.checkoutExpired;
  }
  if (session.status !== 'open') return BILLING_MESSAGES.checkoutCompleted;
  return null;
};

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function PaymentForm({ session, appName }: { session: LocalCheckoutSession; appName: string }) {
  const complete = useCompleteCheckout(session.session_id);
  const [redirecting, setRedirecting] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const price = formatMoney(session.amount, session.currency);
  const plan = planName(session.plan);
  const renewal = session.kind === 'renewal';
  const per = session.billingCycle === 'yearly' ? 'year' : 'month';

  const submit = (outcome: Outcome) => {
    complete.mutate(outcome, {
      onSuccess: ({ redirectUrl }) => {
        setRedirecting(true);
        browserLocation.assign(redirectUrl);
      },
      onError: (error) => {
        if (endsSession(error)) return;
        if (hasCode(error, 'checkout_closed', 'conflict', 'not_found')) {
          setClosed(messageOr(error, BILLING_MESSAGES.checkoutCompleted));
          return;
        }
        toast.error({
          title: CHECKOUT_TEXT.failedToProcess,
          message: messageOr(error, 'Please try again.'),
        });
      },
    });
  };

  if (closed) return <ClosedState title={closed} />;
  if (redirecting) {
    return (
      <Center py="xl" role="status">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{CHECKOUT_TEXT.redirecting}</Text>
        </Stack>
      </Center>
    );
  }

  const pending = complete.isPending ? complete.variables : null;
  const busy = pending !== null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" c="dimmed" fw={500}>
            Pay {appName}
          </Text>
          {renewal ? (
            <Badge size="sm" variant="light" color="grape" radius="sm">
              renewal
            </Badge>
          ) : null}
        </Group>
        <Title order={1} fz={40} lh={1.1}>
          {price}
        </Title>
        <Text size="sm" c="dimmed">
          per {per}
        </Text>
      </Stack>

      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Stack gap={10}>
          <SummaryRow label="Plan" value={`${appName} ${plan}`} />
          <SummaryRow
            label="Billing cycle"
            value={session.billingCycle === 'yearly' ? 'Yearly' : 'Monthly'}
          />
          <SummaryRow
            label="Type"
            value={renewal ? 'Renewal of your subscription' : 'New subscription'}
          />
          {session.expiresAt ? (
            <SummaryRow label="Valid until" value={formatDateTime(session.expiresAt)} />
          ) : null}
          <Divider />
          <SummaryRow label="Total due today" value={price} />
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Button
          size="md"
          fullWidth
          leftSection={<IconLock size={18} />}
          onClick={() => submit('paid')}
          loading={pending === 'paid'}
          disabled={busy && pending !== 'paid'}
        >
          {CHECKOUT_TEXT.pay} {price}
        </Button>
        <Button
          size="md"
          fullWidth
          variant="default"
          onClick={() => submit('cancelled')}
          loading={pending === 'cancelled'}
          disabled={busy && pending !== 'cancelled'}
        >
          {CHECKOUT_TEXT.cancel}
        </Button>
      </Stack>

      <Stack gap={6}>
        <Divider
          label={
            <Group gap={4}>
              <IconFlask size={14} />
              {CHECKOUT_TEXT.testControls}
            </Group>
          }
          labelPosition="center"
        />
        <Group justify="center">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconCreditCardOff size={14} />}
            onClick={() => submit('failed')}
            loading={pending === 'failed'}
            disabled={busy && pending !== 'failed'}
          >
            {CHECKOUT_TEXT.decline}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          For testing: completes this checkout as a failed card payment.
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The offline payment provider's page (docs/billing.md): the plan, price and cycle of a checkout
 * session with Pay and Cancel, and a test control that declines the card. Posting an outcome
 * sends the browser to the redirect URL the server answers (/subscription with a payment flag).
 */
export function CheckoutPage({ sessionId }: { sessionId: string }) {
  const appName = getAppName();
  const query = useCheckoutSession(sessionId);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Center py={48} role="status" aria-label="Loading checkout">
        <Loader />
      </Center>
    );
  } else if (query.isError) {
    const error = query.error;
    content = hasCode(error, 'not_found') ? (
      <ClosedState title={BILLING_MESSAGES.checkoutNotFound}>
        <Text size="sm" c="dimmed">
          Start again from the subscription page.
        </Text>
      </ClosedState>
    ) : (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title={CHECKOUT_TEXT.loadError}
        >
          {messageOr(error, 'Please try again.')}
        </Alert>
        <Group justify="space-between">
          <BackButton />
          <RetryButton query={query} variant="light" leftSection={<IconRefresh size={16} />}>
            Retry
          </RetryButton>
        </Group>
      </Stack>
    );
  } else {
    const closed = closedTitle(query.data);
    content = closed ? (
      <ClosedState title={closed} />
    ) : (
      <PaymentForm session={query.data} appName={appName} />
    );
  }

  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 56 }} px="md">
      <Container size={440} px={0}>
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Group gap={10} wrap="nowrap">
            <LogoMark size={28} />
            <Text fw={800} fz="lg" c="brand.9">
              {appName}
            </Text>
          </Group>
          <Badge color="orange" variant="light" radius="sm" leftSection={<IconFlask size={12} />}>
            {CHECKOUT_TEXT.testMode}
          </Badge>
        </Group>
        <Paper
          component="main"
          withBorder
          shadow="sm"
          p={{ base: 'lg', sm: 'xl' }}
          bg="white"
          aria-label="Checkout"
        >
          {content}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Offline checkout: no card is charged and no money moves.
        </Text>
      </Container>
    </Box>
  );
}
