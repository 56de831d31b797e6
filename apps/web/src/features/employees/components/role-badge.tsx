import { Badge } from '@mantine/core';
import { roleColor } from '@/lib/display-rules';

export function RoleBadge({ role }: { role: string }) {
  return (
    // Never squeezed into an ellipsis beside a long name or email.
    <Badge
      color={roleColor(role)}
      variant="light"
      radius="sm"
      data-role={role}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {role}
    </Badge>
  );
}
