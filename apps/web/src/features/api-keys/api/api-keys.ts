import {
  apiKeysResponseSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@behavio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOr } from '@/lib/api-client';
import { apiKeysQueryKey } from '@/lib/query-keys';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';

export const API_KEY_TEXT = {
  fetchError: 'Failed to fetch API keys',
  createError: 'Failed to create API key',
  revokeError: 'Failed to revoke API key',
} as const;

/** The server's message, or a general one when it sent none. */
export const reason = (error: unknown) => messageOr(error, 'Something went wrong');

export function useApiKeys() {
  const query = useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api.get('/keys', { schema: apiKeysResponseSchema, signal }),
  });
  useQueryErrorToast(query, { id: 'api-keys', title: API_KEY_TEXT.fetchError, message: reason });
  return query;
}

function useKeysMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export const useCreateApiKey = () =>
  useKeysMutation((name: string) =>
    api.post('/keys', { name }, { schema: createApiKeyResponseSchema }),
  );

export const useRevokeApiKey = () =>
  useKeysMutation((keyId: string) =>
    api.delete(`/keys/${encodeURIComponent(keyId)}`, undefined, {
      schema: revokeApiKeyResponseSchema,
    }),
  );
