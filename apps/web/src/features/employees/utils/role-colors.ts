import type { Role } from '@behavio/contract';
import type { MantineColor } from '@mantine/core';

/**
 * Spec §4: role badge colours in the directory — admin purple, rm pink, compliance blue, head
 * orange, view green. Mantine's purple is called violet.
 */
export const ROLE_COLORS: Record<Role, MantineColor> = {
  admin: 'violet',
  rm: 'pink',
  compliance: 'blue',
  head: 'orange',
  view: 'green',
};

export function roleColor(role: string): MantineColor {
  return (ROLE_COLORS as Record<string, MantineColor>)[role] ?? 'gray';
}
