import type { ProductCategory, ProductSuggestion } from '@behavio/contract';
import { Badge, Group, Text, type MantineColor } from '@mantine/core';

/** Each product category's name and colour, the same on every list and the customer page. */
export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  savings: 'Savings',
  credit_card: 'Credit card',
  loan: 'Loan',
  investment: 'Investment',
};

const CATEGORY_COLORS: Record<ProductCategory, MantineColor> = {
  savings: 'teal',
  credit_card: 'grape',
  loan: 'orange',
  investment: 'blue',
};

export function CategoryBadge({ category }: { category: ProductCategory }) {
  return (
    <Badge
      color={CATEGORY_COLORS[category]}
      variant="light"
      radius="sm"
      tt="none"
      // Never cut to "Savin…" beside a long product name.
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {CATEGORY_LABELS[category]}
    </Badge>
  );
}

/**
 * The best product recommended to a customer now (the lists carry up to three, best first):
 * its name and category badge; nothing when none is recommended.
 */
export function TopProduct({
  products,
  withLabel = false,
}: {
  products: readonly ProductSuggestion[];
  /** Says "Top product" before it, where no column header does. */
  withLabel?: boolean;
}) {
  const top = products[0];
  if (!top) return null;
  return (
    <Group gap={6} wrap="wrap" aria-label={`Top product: ${top.name}`} role="group">
      {withLabel ? (
        <Text size="xs" c="dimmed">
          Top product
        </Text>
      ) : null}
      <Text size="sm" fw={600}>
        {top.name}
      </Text>
      <CategoryBadge category={top.category} />
    </Group>
  );
}
