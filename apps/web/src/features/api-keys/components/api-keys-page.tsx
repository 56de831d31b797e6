import {
  API_KEY_NAME_MAX,
  createApiKeyRequestSchema,
  type ApiKey,
  type CreateApiKeyResponse,
} from '@behavio/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { endsSession, isApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/display-rules';
import { schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import {
  API_KEY_TEXT,
  reason,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
} from '../api/api-keys';

export const SECRET_WARNING =
  'Copy this key now and keep it somewhere safe, such as your system’s secret store. It will not be shown again: if it is lost, revoke it and create a new one.';

const when = (iso: string | null) =>
  iso ? formatTimestamp(iso, undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/**
 * The admin's API keys (docs/api-feed.md): the firm's systems send customers with them. The
 * list never holds a secret; a new key's secret is shown once, in a dialog, to copy.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Stack gap="lg">
      <CreateKeyForm onCreated={setCreated} />
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Text fw={600}>Keys</Text>
          {keys.isPending ? (
            <Loader size="sm" aria-label="Loading API keys" />
          ) : keys.data && keys.data.keys.length > 0 ? (
            <KeysTable keys={keys.data.keys} onRevoke={setRevoking} />
          ) : keys.data ? (
            <Text c="dimmed">
              No API keys yet. Create one for each system that sends customers.
            </Text>
          ) : null}
        </Stack>
      </Card>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
      <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreateApiKeyResponse) => void }) {
  const create = useCreateApiKey();
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(createApiKeyRequestSchema),
  });
  const submit = form.onSubmit(({ name }) => {
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        form.reset();
        onCreated(answer);
      },
      onError: (error) => {
        if (endsSession(error)) return;
        if (isApiError(error) && error.status === 409) form.setFieldError('name', reason(error));
        else toast.error({ title: API_KEY_TEXT.createError, message: reason(error) });
      },
    });
  });
  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>Create an API key</Text>
          <Text size="sm" c="dimmed">
            A key lets one of your firm’s systems send customers to POST /api/v1/customers. It can
            send customers and read how their import went, nothing else.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Name"
              description="Which system will use it, e.g. CRM nightly export"
              maxLength={API_KEY_NAME_MAX}
              style={{ flex: '1 1 16rem' }}
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="API keys" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.key_id}>
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(key.created_at)}</Text>
                {key.created_by && (
                  <Text size="xs" c="dimmed">
                    by {key.created_by.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{when(key.last_used_at)}</Table.Td>
              <Table.Td>
                {key.revoked_at ? (
                  <Badge color="gray" variant="light">
                    Revoked {when(key.revoked_at)}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {!key.revoked_at && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onRevoke(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The secret, once: to copy now, with a warning that it will not be shown again. */
function NewKeyModal({
  created,
  onClose,
}: {
  created: CreateApiKeyResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" centered size="lg">
      {created && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Shown only once">
            {SECRET_WARNING}
          </Alert>
          <Text size="sm">
            Key <strong>{created.name}</strong>:
          </Text>
          <Code block aria-label="API key" style={{ wordBreak: 'break-all' }}>
            {created.key}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              I have copied it
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RevokeKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.key_id, {
      onSuccess: (answer) => {
        toast.success({ title: answer.message, message: apiKey.name });
        onClose();
      },
      onError: (error) => {
        if (!endsSession(error))
          toast.error({ title: API_KEY_TEXT.revokeError, message: reason(error) });
        onClose();
      },
    });
  };
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Revoke API key" centered>
      <Stack>
        <Text>
          Revoke {apiKey?.name}? Any system using it is refused from its next request. This cannot
          be undone: to send customers again, create a new key.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending}>
            Revoke
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
