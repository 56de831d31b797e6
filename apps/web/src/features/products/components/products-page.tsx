import type { Product, Role } from '@behavio/contract';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { endsSession } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import {
  PRODUCT_TEXT,
  reason,
  useDeleteProduct,
  useProducts,
  useUpdateProduct,
} from '../api/products';
import { CATEGORY_LABELS, CategoryBadge } from '@/components/ui/product-badge/product-badge';
import { NEED_LABELS, governanceSummary, rulesSummary } from './product-labels';
import { ProductFormModal } from './product-form-modal';
import { ProductPerformance } from './product-performance';

/** Who reads the performance report (the server's productPerformance rule). */
const SEES_PERFORMANCE: readonly Role[] = ['admin', 'head', 'compliance'];

type Editing = { product: Product | null } | undefined;

/**
 * The firm's product shelf: every role reads it; the admin adds, edits, takes products off the
 * shelf and puts them back, and deletes those never recommended. Admin, head and compliance see
 * how each product performs.
 */
export function ProductsPage({ role }: { role: Role }) {
  const query = useProducts();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const isAdmin = role === 'admin';
  const products = query.data?.products ?? [];
  return (
    <Stack gap="xl">
      <SectionCard
        labelId="product-shelf-title"
        title="Product shelf"
        description="The products recommended to your customers: each passes its eligibility rules first, then is ranked by how well it fits the customer, times its weight."
        titleAside={query.data && <Badge variant="light">{products.length}</Badge>}
        actions={
          isAdmin ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ product: null })}
            >
              Add product
            </Button>
          ) : null
        }
      >
        {query.isPending ? (
          <LoadingState label="Loading products" />
        ) : !query.data ? (
          <LoadErrorAlert
            title={PRODUCT_TEXT.fetchError}
            message={reason(query.error)}
            query={query}
          />
        ) : products.length === 0 ? (
          <Text c="dimmed">No products yet. Add one to start recommending it.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {products.map((product) => (
              <ProductCard
                key={product.product_id}
                product={product}
                isAdmin={isAdmin}
                onEdit={() => setEditing({ product })}
                onDelete={() => setDeleting(product)}
              />
            ))}
          </SimpleGrid>
        )}
      </SectionCard>
      {SEES_PERFORMANCE.includes(role) && <ProductPerformance />}
      {editing && (
        <ProductFormModal
          key={editing.product?.product_id ?? 'new'}
          product={editing.product}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeleteProductModal product={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

interface ProductCardProps {
  product: Product;
  isAdmin: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function ProductCard({ product, isAdmin, onEdit, onDelete }: ProductCardProps) {
  const update = useUpdateProduct();
  const toggle = () =>
    update.mutate(
      { id: product.product_id, changes: { active: !product.active } },
      {
        onSuccess: () =>
          toast.success({
            title: product.active ? PRODUCT_TEXT.deactivated : PRODUCT_TEXT.activated,
            message: `${product.name}: recommendations are being updated.`,
          }),
        onError: (error) => {
          if (!endsSession(error))
            toast.error({ title: PRODUCT_TEXT.saveError, message: reason(error) });
        },
      },
    );
  return (
    <Card withBorder radius="md" padding="md" aria-label={product.name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{product.name}</Text>
          <Group gap={6} wrap="nowrap">
            <CategoryBadge category={product.category} />
            {!product.active && (
              <Badge color="gray" variant="outline">
                Inactive
              </Badge>
            )}
          </Group>
        </Group>
        {product.description && (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        )}
        <Text size="sm">
          <Text span fw={500}>
            Rules:{' '}
          </Text>
          {rulesSummary(product)}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            Governance:{' '}
          </Text>
          {governanceSummary(product)}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            Serves:{' '}
          </Text>
          {product.needs.length > 0
            ? product.needs.map((n) => NEED_LABELS[n]).join(', ')
            : `every need of a ${CATEGORY_LABELS[product.category].toLowerCase()} product`}
          {' · '}
          <Text span fw={500}>
            Weight
          </Text>{' '}
          {product.weight}
        </Text>
        {isAdmin && (
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="default" onClick={toggle} loading={update.isPending}>
              {product.active ? 'Deactivate' : 'Activate'}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Deleting is for products never recommended; the server's 409 says to deactivate instead. */
function DeleteProductModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const remove = useDeleteProduct();
  const confirm = () => {
    if (!product) return;
    remove.mutate(product.product_id, {
      onSuccess: (answer) => {
        toast.success({ title: answer.message, message: product.name });
        onClose();
      },
      onError: (error) => {
        if (!endsSession(error))
          toast.error({ title: PRODUCT_TEXT.deleteError, message: reason(error) });
        onClose();
      },
    });
  };
  return (
    <Modal opened={product !== null} onClose={onClose} title="Delete product" centered>
      <Stack>
        <Text>
          Delete {product?.name}? A product that was ever recommended cannot be deleted: deactivate
          it instead.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
