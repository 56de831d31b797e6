import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { RmSelect } from './rm-select';

export interface RmPickerProps {
  value: string | null;
  onChange: (rmId: string | null) => void;
  actionLabel: string;
  onAction: () => void;
  loading: boolean;
  icon?: ReactNode;
}

/** Choose an RM, then act; the button is disabled until an RM is chosen (product-rules: Validation rules). */
export function RmPicker({ value, onChange, actionLabel, onAction, loading, icon }: RmPickerProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onAction();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <RmSelect
          label="Relationship manager"
          value={value}
          onChange={onChange}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Button type="submit" disabled={!value} loading={loading} leftSection={icon}>
          {actionLabel}
        </Button>
      </Group>
    </form>
  );
}
