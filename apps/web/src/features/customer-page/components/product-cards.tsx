import {
  PRODUCT_OUTCOME_MESSAGES,
  RECOMMENDATION_COOLOFF_DAYS,
  type ProductOutcome,
  type RecommendedProduct,
} from '@behavio/contract';
import {
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { CategoryBadge } from '@/components/ui/product-badge/product-badge';
import { EmptyLine } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { messageOr } from '@/lib/api-client';
import { toast, undoableToast } from '@/lib/notify';
import {
  OUTCOME_BUTTONS,
  PRODUCT_OUTCOME_TEXT,
  useRecordProductOutcome,
} from '../api/product-outcome';

const REASON_MAX = 500;

type Recorder = (product: RecommendedProduct, outcome: ProductOutcome, reason?: string) => void;

function outcomeFailed(error: unknown) {
  toast.error({
    title: PRODUCT_OUTCOME_TEXT.failedTitle,
    message: messageOr(error, PRODUCT_OUTCOME_TEXT.failedFallback),
  });
}

/**
 * Records an outcome for one of the customer's products and shows 'Outcome recorded' with Undo,
 * which records 'undone' (the record stays append-only, docs/products.md).
 */
function useOutcomeRecorder(customerId: string) {
  const mutation = useRecordProductOutcome();
  const undo = useRecordProductOutcome();
  const record: Recorder = (product, outcome, reason) =>
    mutation.mutate(
      { customer_id: customerId, product_id: product.product_id, outcome, reason },
      {
        onSuccess: (answer) =>
          undoableToast({
            title: answer.message,
            message: PRODUCT_OUTCOME_TEXT.recorded(product.name, outcome),
            onUndo: () =>
              undo.mutate(
                { customer_id: customerId, product_id: product.product_id, outcome: 'undone' },
                {
                  onSuccess: () =>
                    toast.info({ message: PRODUCT_OUTCOME_TEXT.undone(product.name) }),
                  onError: outcomeFailed,
                },
              ),
          }),
        onError: outcomeFailed,
      },
    );
  const pending = mutation.isPending ? (mutation.variables ?? null) : null;
  return { record, pending };
}

function DeclineDialog({
  product,
  busy,
  onClose,
  onSubmit,
}: {
  product: RecommendedProduct | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const tooLong = reason.length > REASON_MAX;
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={`Declined: ${product?.name ?? ''}`}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) onSubmit(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The product is not recommended to this customer again for {RECOMMENDATION_COOLOFF_DAYS}{' '}
            days.
          </Text>
          <Textarea
            label="Reason (optional)"
            placeholder="Why did the customer decline?"
            autosize
            minRows={3}
            maxRows={6}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            description={`${reason.length}/${REASON_MAX}`}
            error={tooLong ? PRODUCT_OUTCOME_MESSAGES.reasonTooLong : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Record declined
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ProductCard({
  product,
  pendingOutcome,
  disabled,
  onRecord,
  onDecline,
}: {
  product: RecommendedProduct;
  pendingOutcome: string | null;
  disabled: boolean;
  onRecord: (outcome: ProductOutcome) => void;
  onDecline: () => void;
}) {
  const titleId = `product-${product.product_id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id={titleId}>
            {product.name}
          </Title>
          <CategoryBadge category={product.category} />
        </Group>
        <Text size="sm">
          Fit score{' '}
          <Text span fw={700}>
            {Math.round(product.fit_score)}
          </Text>
          /100
        </Text>
        <List size="sm" spacing={4} aria-label={`Why ${product.name}`}>
          {product.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          <Text span fw={700} c="dark">
            Suitability:{' '}
          </Text>
          {product.suitability}
        </Text>
        {product.eligibility ? (
          <Text size="sm" c="dimmed">
            <Text span fw={700} c="dark">
              Eligibility:{' '}
            </Text>
            {product.eligibility}
          </Text>
        ) : null}
        <SimpleGrid cols={3} spacing={6} mt="auto">
          {(['offered', 'accepted'] as const).map((outcome) => (
            <Button
              key={outcome}
              size="xs"
              px={4}
              variant="light"
              color={outcome === 'accepted' ? 'teal' : 'blue'}
              loading={pendingOutcome === outcome}
              disabled={disabled && pendingOutcome !== outcome}
              aria-label={`${OUTCOME_BUTTONS[outcome]}: ${product.name}`}
              onClick={() => onRecord(outcome)}
            >
              {OUTCOME_BUTTONS[outcome]}
            </Button>
          ))}
          <Button
            size="xs"
            px={4}
            variant="light"
            color="red"
            disabled={disabled}
            aria-label={`${OUTCOME_BUTTONS.declined}: ${product.name}`}
            onClick={onDecline}
          >
            {OUTCOME_BUTTONS.declined}
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The products to offer now, best first, each with its reasons, suitability and outcomes. */
export function RecommendedProducts({
  customerId,
  products,
}: {
  customerId: string;
  products: readonly RecommendedProduct[];
}) {
  const { record, pending } = useOutcomeRecorder(customerId);
  const [declining, setDeclining] = useState<RecommendedProduct | null>(null);
  return (
    <SectionCard
      labelId="recommended-products"
      title="Recommended products"
      description="Best first. Each has passed the product's eligibility rules."
    >
      {products.length === 0 ? (
        <EmptyLine>No product to recommend to this customer now.</EmptyLine>
      ) : (
        <SimpleGrid cols={{ base: 1, md: Math.min(products.length, 3) }} spacing="md">
          {products.map((product) => (
            <ProductCard
              key={product.product_id}
              product={product}
              pendingOutcome={pending?.product_id === product.product_id ? pending.outcome : null}
              disabled={pending !== null}
              onRecord={(outcome) => record(product, outcome)}
              onDecline={() => setDeclining(product)}
            />
          ))}
        </SimpleGrid>
      )}
      <DeclineDialog
        key={declining?.product_id ?? 'none'}
        product={declining}
        busy={pending?.outcome === 'declined'}
        onClose={() => setDeclining(null)}
        onSubmit={(reason) => {
          if (!declining) return;
          record(declining, 'declined', reason || undefined);
          setDeclining(null);
        }}
      />
    </SectionCard>
  );
}
