import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { IconLogin2, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Brand } from '@/components/ui/brand/brand';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/session-guards';
import { useToken } from '@/lib/session';

export interface HeaderLink {
  label: string;
  /** An in-page anchor such as '#why' (scrolls smoothly). */
  href: string;
}

/** Header of the public pages: logo and name, then Login (signed out) or Logout (signed in). */
export function PublicHeader({ links = [] }: { links?: HeaderLink[] }) {
  const token = useToken();
  const logout = useLogout();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="rgba(255, 255, 255, 0.92)"
      style={{
        zIndex: 100,
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Brand />
          {links.length > 0 ? (
            <Group gap="xl" visibleFrom="sm" component="nav" aria-label="Sections">
              {links.map((link) => (
                <Anchor key={link.href} href={link.href} c="gray.7" fw={500} fz="sm">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          ) : null}
          {token ? (
            <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout}>
              Logout
            </Button>
          ) : (
            <Button component={Link} to={paths.login} leftSection={<IconLogin2 size={18} />}>
              Login
            </Button>
          )}
        </Group>
      </Container>
    </Box>
  );
}
