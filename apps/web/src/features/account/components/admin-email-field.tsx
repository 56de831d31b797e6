import type { TextInputProps } from '@mantine/core';
import { EmailField } from '@/components/ui/credential-fields/credential-fields';

/** The optional admin email that names an employee's account (left empty by the admin). */
export function OptionalAdminEmailField(props: TextInputProps) {
  return (
    <EmailField
      label="Admin Email"
      description="Employees only (rm, compliance, head, view): your firm admin's email. Leave empty if you are the admin."
      placeholder="admin@company.com"
      autoComplete="off"
      withAsterisk={false}
      {...props}
    />
  );
}
