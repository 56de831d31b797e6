import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

/**
 * How to go back to the previous page of ours, if there is one. React Router gives the first
 * page it loads the key 'default'; that page may still follow one of ours when a plain link or
 * a typed address loaded the app afresh, which a same-origin referrer tells: the browser's own
 * history goes back to it then.
 */
function useGoBack(): (() => void) | null {
  const { key } = useLocation();
  const navigate = useNavigate();
  if (key !== 'default') return () => void navigate(-1);
  try {
    const fromUs =
      document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
    return fromUs ? () => window.history.back() : null;
  } catch {
    return null;
  }
}

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <PublicLayout>
      <Container size="sm" py={{ base: 64, sm: 120 }}>
        <Stack align="center" ta="center" gap="md">
          <Text
            fw={800}
            fz={{ base: 72, sm: 110 }}
            lh={1}
            variant="gradient"
            gradient={{ from: 'brand.3', to: 'brand.8', deg: 135 }}
          >
            404
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Page not found
          </Title>
          <Text c="dimmed" maw={420}>
            The page you are looking for does not exist or has been moved.
          </Text>
          <Group justify="center" mt="md">
            <Button leftSection={<IconHome size={18} />} onClick={() => void navigate(paths.home)}>
              Go to Homepage
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
              onClick={goBack ?? (() => void navigate(paths.home))}
            >
              Go Back
            </Button>
          </Group>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
