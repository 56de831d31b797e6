import type { ExcludedProduct } from '@behavio/contract';
import { Button, Collapse, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { CategoryBadge } from '@/components/ui/product-badge/product-badge';
import { EmptyLine } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';

/**
 * Every active product the customer may not be offered now, each with every reason (a rule it
 * breaks, accepted already, declined within the cooling-off). Collapsed: the RM needs it to
 * answer "why not X?", not on every visit.
 */
export function ExcludedProducts({ products }: { products: readonly ExcludedProduct[] }) {
  const [opened, setOpened] = useState(false);
  const listId = useId();
  return (
    <SectionCard
      labelId="excluded-products"
      title="Not offered now"
      description="Products on the shelf this customer may not be offered, and why."
      actions={
        products.length > 0 ? (
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={opened}
            aria-controls={listId}
            onClick={() => setOpened((value) => !value)}
            rightSection={
              <IconChevronDown
                size={14}
                aria-hidden
                style={{ transform: opened ? 'rotate(180deg)' : 'none' }}
              />
            }
          >
            {opened
              ? 'Hide'
              : `Show ${products.length} ${products.length === 1 ? 'product' : 'products'}`}
          </Button>
        ) : null
      }
    >
      {products.length === 0 ? (
        <EmptyLine>Every product on the shelf may be offered to this customer.</EmptyLine>
      ) : (
        <Collapse in={opened} id={listId}>
          <Stack gap="xs" role="list" aria-label="Products not offered now">
            {products.map((product) => (
              <Paper key={product.product_id} withBorder radius="md" p="sm" role="listitem">
                <Group gap="xs" mb={4}>
                  <Text fw={600}>{product.name}</Text>
                  <CategoryBadge category={product.category} />
                </Group>
                <List size="sm" spacing={2}>
                  {product.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Paper>
            ))}
          </Stack>
        </Collapse>
      )}
    </SectionCard>
  );
}
