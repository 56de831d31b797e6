import {
  createEmployeeResponseSchema,
  listEmployeesResponseSchema,
  type CreateEmployeeRequest,
  type ListEmployeesResponse,
} from '@behavio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOr } from '@/lib/api-client';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';

/** product-rules: Error messages "Employees" and the directory's empty state (spelled as the spec spells it). */
export const EMPLOYEE_TEXT = {
  fetchError: 'Failed to fetch employees',
  deleteError: 'Failed to delete employee',
  createError: 'Failed to create employee',
  fallback: 'Something went wrong',
  empty: 'No personell found',
} as const;

export const employeesQueryKey = ['employees'] as const;

/** GET /roles/list-all-employees. */
export function listEmployees(signal?: AbortSignal): Promise<ListEmployeesResponse> {
  return api.get('/roles/list-all-employees', { schema: listEmployeesResponseSchema, signal });
}

export function useEmployees() {
  const query = useQuery({
    queryKey: employeesQueryKey,
    queryFn: ({ signal }) => listEmployees(signal),
  });
  useQueryErrorToast(query, {
    id: 'employees',
    title: EMPLOYEE_TEXT.fetchError,
    message: errorText,
  });
  return query;
}

/** POST /roles/create-new-employee {name, email, password, role}. */
export function createEmployee(body: CreateEmployeeRequest) {
  return api.post('/roles/create-new-employee', body, { schema: createEmployeeResponseSchema });
}

export interface DeleteEmployeeResult {
  message: string;
  /** How many of the employee's customers lost their RM. */
  unassignedCustomers: number;
}

/**
 * DELETE /roles/delete-employee {email}; the employee's customers become unassigned. (The
 * contract has no schema for this answer yet, so the two fields are read defensively.)
 */
export async function deleteEmployee(email: string): Promise<DeleteEmployeeResult> {
  const body = await api.delete<unknown>('/roles/delete-employee', { email });
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return {
    message: typeof record.message === 'string' ? record.message : 'Employee deleted',
    unassignedCustomers:
      typeof record.unassigned_customers === 'number' ? record.unassigned_customers : 0,
  };
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

/** The server message, or 'Something went wrong'. */
export function errorText(error: unknown): string {
  return messageOr(error, EMPLOYEE_TEXT.fallback);
}
