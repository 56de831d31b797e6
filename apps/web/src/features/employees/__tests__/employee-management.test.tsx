import type { User } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildEmployee, colorOf, employeesReply } from '@/testing/admin-data';
import { buildUser } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { EmployeeManagement } from '../components/employee-management';

const LIST = 'GET /api/roles/list-all-employees';
const CREATE = 'POST /api/roles/create-new-employee';
const DELETE = 'DELETE /api/roles/delete-employee';

const admin = buildUser({ id: 'user-1', email: 'ada@firm.example', subscription: 'pro' });
const staff = [
  buildEmployee({ id: 'user-1', name: 'Ada Admin', email: 'ada@firm.example', role: 'admin' }),
  buildEmployee({ id: 'user-2', name: 'Jane Doe', email: 'jane@firm.example', role: 'rm' }),
  buildEmployee({
    id: 'user-3',
    name: 'Chris Lee',
    email: 'chris@firm.example',
    role: 'compliance',
  }),
  buildEmployee({ id: 'user-4', name: 'Robin Diaz', email: 'robin@firm.example', role: 'head' }),
  buildEmployee({ id: 'user-5', name: 'Val Kim', email: 'val@firm.example', role: 'view' }),
];

function open(routes: Record<string, Handler> = {}, user: User = admin) {
  const api = mockApi({ [LIST]: employeesReply(staff), ...routes });
  const view = renderComponent(<EmployeeManagement />, { user });
  return { ...view, api };
}

const directory = async () => within(await screen.findByRole('table', { name: 'Role Directory' }));

async function openForm(user: ReturnType<typeof open>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Relationship Manager' }));
  return within(await screen.findByRole('dialog', { name: 'Add Relationship Manager' }));
}

describe('Employee Management', () => {
  beforeEach(() => mockViewport(DESKTOP_WIDTH));

  it('shows the total and the Role Directory with the role badge colours', async () => {
    open();
    const table = await directory();
    expect(screen.getByText('Total employees:')).toHaveTextContent('Total employees: 5');
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Action',
    ]);
    const colours = Object.fromEntries(
      ['admin', 'rm', 'compliance', 'head', 'view'].map((role) => [
        role,
        colorOf(table.getByText(role)),
      ]),
    );
    // product-rules: States and transitions: admin purple (Mantine's violet), rm pink, compliance blue, head orange, view green.
    expect(colours).toEqual({
      admin: 'violet',
      rm: 'pink',
      compliance: 'blue',
      head: 'orange',
      view: 'green',
    });
  });

  it("shows 'No personell found' for an empty directory", async () => {
    open({ [LIST]: employeesReply([]) });
    expect(await screen.findByText('No personell found')).toBeInTheDocument();
    expect(screen.getByText('Total employees:')).toHaveTextContent('Total employees: 0');
  });

  it("raises 'Failed to fetch employees' with the server message or the fallback", async () => {
    open({ [LIST]: { status: 500 } });
    const toast = await findNotification('Failed to fetch employees');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
  });

  it('shows one card per employee on a phone, with the role and Delete on screen', async () => {
    mockViewport(MOBILE_WIDTH);
    const { user } = open();
    const list = within(await screen.findByRole('list', { name: 'Role Directory' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = list.getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const jane = within(cards[1]!);
    expect(jane.getByText('Jane Doe')).toBeInTheDocument();
    expect(jane.getByText('jane@firm.example')).toBeInTheDocument();
    expect(colorOf(jane.getByText('rm'))).toBe('pink');
    expect(within(cards[0]!).getByRole('button', { name: 'Delete Ada Admin' })).toBeDisabled();
    await user.click(jane.getByRole('button', { name: 'Delete Jane Doe' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('does not offer to delete your own account', async () => {
    open();
    const table = await directory();
    const own = within(table.getByText('Ada Admin').closest('tr')!);
    expect(own.getByRole('button', { name: 'Delete Ada Admin' })).toBeDisabled();
  });

  it('deletes an employee only after confirmation', async () => {
    const { user, api } = open({
      [DELETE]: { status: 200, body: { message: 'Employee deleted', unassigned_customers: 12 } },
    });
    const table = await directory();
    await user.click(table.getByRole('button', { name: 'Delete Jane Doe' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete employee' }));
    expect(dialog.getByText(/Are you sure you want to delete/)).toHaveTextContent(
      'Are you sure you want to delete Jane Doe (jane@firm.example)?',
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete employee' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE', '/api/roles/delete-employee')).toHaveLength(0);

    await user.click(table.getByRole('button', { name: 'Delete Jane Doe' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete employee' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    const toast = await findNotification('Employee deleted');
    expect(
      within(toast).getByText('Jane Doe was removed. 12 customers are now unassigned.'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/roles/delete-employee')[0]!.body).toEqual({
      email: 'jane@firm.example',
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/roles/list-all-employees')).toHaveLength(2),
    );
  });

  it("raises 'Failed to delete employee' with the server message", async () => {
    const { user } = open({ [DELETE]: { status: 404, body: { message: 'Employee not found' } } });
    const table = await directory();
    await user.click(table.getByRole('button', { name: 'Delete Jane Doe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete employee' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    const toast = await findNotification('Failed to delete employee');
    expect(within(toast).getByText('Employee not found')).toBeInTheDocument();
  });

  it('lets head read the directory without adding or deleting', async () => {
    open({}, buildUser({ role: 'head', subscription: 'pro' }));
    const table = await directory();
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
    ]);
    expect(
      screen.queryByRole('button', { name: 'Add Relationship Manager' }),
    ).not.toBeInTheDocument();
    expect(table.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('New RM form', () => {
  it('shows the §5 messages for empty fields', async () => {
    const { user, api } = open();
    const form = await openForm(user);
    await user.click(form.getByRole('button', { name: 'Create RM' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/roles/create-new-employee')).toHaveLength(0);
  });

  it('shows the §5 messages for a bad email and a short password', async () => {
    const { user } = open();
    const form = await openForm(user);
    await user.type(form.getByRole('textbox', { name: /Name/ }), '   ');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'jane@firm');
    await user.type(form.getByLabelText(/Password/), '12345');
    await user.click(form.getByRole('button', { name: 'Create RM' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Invalid email format')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('creates an rm and refreshes the directory', async () => {
    const { user, api } = open({
      [CREATE]: {
        status: 201,
        body: {
          message: 'Employee created',
          employee: buildEmployee({ id: 'user-9', name: 'Omar Ali', email: 'omar@firm.example' }),
        },
      },
    });
    const form = await openForm(user);
    expect(form.getByRole('textbox', { name: /^Role/ })).toHaveValue('rm (Relationship Manager)');
    await user.type(form.getByRole('textbox', { name: /Name/ }), '  Omar Ali ');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'Omar@Firm.example');
    await user.type(form.getByLabelText(/Password/), 'secret1');
    await user.click(form.getByRole('button', { name: 'Create RM' }));

    const toast = await findNotification('Employee created');
    expect(within(toast).getByText(/Omar Ali can now sign in/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/roles/create-new-employee')[0]!.body).toEqual({
      name: 'Omar Ali',
      email: 'omar@firm.example',
      password: 'secret1',
      role: 'rm',
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Add Relationship Manager' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/roles/list-all-employees')).toHaveLength(2),
    );
  });

  it("raises 'Failed to create employee' with the server message and keeps the form", async () => {
    const { user } = open({
      [CREATE]: {
        status: 409,
        body: {
          message: 'An employee with this email already exists in your firm',
          code: 'employee_email_taken',
        },
      },
    });
    const form = await openForm(user);
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Jane Doe');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'jane@firm.example');
    await user.type(form.getByLabelText(/Password/), 'secret1');
    await user.click(form.getByRole('button', { name: 'Create RM' }));

    const toast = await findNotification('Failed to create employee');
    expect(
      within(toast).getByText('An employee with this email already exists in your firm'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Relationship Manager' })).toBeInTheDocument();
  });

  it('puts the server field errors on the fields', async () => {
    const { user } = open({
      [CREATE]: {
        status: 400,
        body: {
          message: 'Please check your input and try again.',
          errors: [{ path: 'email', msg: 'Invalid email format' }],
        },
      },
    });
    const form = await openForm(user);
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Jane Doe');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'jane@firm.example');
    await user.type(form.getByLabelText(/Password/), 'secret1');
    await user.click(form.getByRole('button', { name: 'Create RM' }));
    expect(await form.findByText('Invalid email format')).toBeInTheDocument();
    expect(await findNotification('Failed to create employee')).toBeInTheDocument();
  });
});
