import { Button } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The way to Manage Customers from the admin dashboard and the Settings customer list. */
export function ManageCustomersButton() {
  return (
    <Button component={Link} to={paths.manageCustomers} leftSection={<IconUsersGroup size={16} />}>
      Manage Customers
    </Button>
  );
}
