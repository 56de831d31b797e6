import { Badge } from '@mantine/core';
import { roleColor } from '@/lib/display-rules';

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge color={roleColor(role)} variant="light" radius="sm" data-role={role}>
      {role}
    </Badge>
  );
}
