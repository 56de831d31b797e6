import {
  assignmentResponseSchema,
  bulkAssignmentResponseSchema,
  type AssignmentResponse,
  type BulkAssignmentResponse,
} from '@behavio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { manageCustomersKeys } from './query-keys';

/** POST /content/assign-rm: a customer without an RM gets one. */
export function assignRm(input: {
  customer_id: string;
  rm_id: string;
}): Promise<AssignmentResponse> {
  return api.post('/content/assign-rm', input, { schema: assignmentResponseSchema });
}

/** PUT /content/reassign-rm: a customer with an RM moves to another. */
export function reassignRm(input: {
  customer_id: string;
  new_rm_id: string;
}): Promise<AssignmentResponse> {
  return api.put('/content/reassign-rm', input, { schema: assignmentResponseSchema });
}

/** POST /content/assign-rm-bulk: many customers to one RM (assigned ones move). */
export function assignRmBulk(input: {
  customer_ids: string[];
  rm_id: string;
}): Promise<BulkAssignmentResponse> {
  return api.post('/content/assign-rm-bulk', input, { schema: bulkAssignmentResponseSchema });
}

/** POST /content/distribute-unassigned: every unassigned customer, round robin over the RMs. */
export function distributeUnassigned(input: { rm_ids: string[] }): Promise<BulkAssignmentResponse> {
  return api.post('/content/distribute-unassigned', input, {
    schema: bulkAssignmentResponseSchema,
  });
}

export interface SetRmInput {
  customerId: string;
  rmId: string;
  /** Assign when the customer has no RM, otherwise reassign (product-rules: States and transitions Assignment). */
  mode: 'assign' | 'reassign';
}

function setRm({ customerId, rmId, mode }: SetRmInput): Promise<AssignmentResponse> {
  return mode === 'assign'
    ? assignRm({ customer_id: customerId, rm_id: rmId })
    : reassignRm({ customer_id: customerId, new_rm_id: rmId });
}

/** Any change of assignment refreshes the list, the RM counts, the books and the call lists. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: manageCustomersKeys.all });
}

export function useSetRm() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: setRm, onSuccess: invalidate });
}

export function useAssignRmBulk() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: assignRmBulk, onSuccess: invalidate });
}

export function useDistributeUnassigned() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: distributeUnassigned, onSuccess: invalidate });
}
