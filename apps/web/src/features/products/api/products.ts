import {
  deleteProductResponseSchema,
  listProductsResponseSchema,
  productPerformanceResponseSchema,
  productSchema,
  type CreateProductRequest,
  type UpdateProductRequest,
} from '@behavio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOr } from '@/lib/api-client';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';

export const PRODUCT_TEXT = {
  fetchError: 'Failed to fetch products',
  performanceError: 'Failed to fetch product performance',
  saveError: 'Failed to save product',
  deleteError: 'Failed to delete product',
  created: 'Product added',
  updated: 'Product saved',
  activated: 'Product is on the shelf again',
  deactivated: 'Product taken off the shelf',
} as const;

/** The server's message, or a general one when it sent none. */
export const reason = (error: unknown) => messageOr(error, 'Something went wrong');

export const productsQueryKey = ['products'] as const;
const performanceQueryKey = ['product-performance'] as const;

export function useProducts() {
  const query = useQuery({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => api.get('/products', { schema: listProductsResponseSchema, signal }),
  });
  useQueryErrorToast(query, { id: 'products', title: PRODUCT_TEXT.fetchError, message: reason });
  return query;
}

/** Polls while the firm's recommendations are being recomputed, so the counts catch up. */
export function useProductPerformance(enabled: boolean) {
  const query = useQuery({
    queryKey: performanceQueryKey,
    enabled,
    queryFn: ({ signal }) =>
      api.get('/content/product-performance', { schema: productPerformanceResponseSchema, signal }),
    refetchInterval: (q) => (q.state.data?.recommendations_up_to_date === false ? 3_000 : false),
  });
  useQueryErrorToast(query, {
    id: 'product-performance',
    title: PRODUCT_TEXT.performanceError,
    message: reason,
  });
  return query;
}

/** Every change to the shelf changes the recommendations, so the report is read again. */
function useShelfMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: performanceQueryKey }),
      ]),
  });
}

export const useCreateProduct = () =>
  useShelfMutation((body: CreateProductRequest) =>
    api.post('/products', body, { schema: productSchema }),
  );

export const useUpdateProduct = () =>
  useShelfMutation(({ id, changes }: { id: string; changes: UpdateProductRequest }) =>
    api.put(`/products/${encodeURIComponent(id)}`, changes, { schema: productSchema }),
  );

export const useDeleteProduct = () =>
  useShelfMutation((id: string) =>
    api.delete(`/products/${encodeURIComponent(id)}`, undefined, {
      schema: deleteProductResponseSchema,
    }),
  );
