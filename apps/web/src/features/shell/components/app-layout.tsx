import type { User } from '@behavio/contract';
import {
  AppShell,
  Badge,
  Box,
  Button,
  Container,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '@/components/ui/brand/brand';
import { useLogout } from '@/lib/session-guards';
import classes from './app-layout.module.css';
import { isActivePath, navItemsFor } from './nav-items';

/** product-rules: Constants: a 220px sidebar from the medium width up, a bottom bar below it. */
export const SIDEBAR_WIDTH = 220;
const BOTTOM_BAR_HEIGHT = 64;

export interface AppLayoutProps {
  user: User;
  /** False for the upload-only view of a user without files: header only. */
  navigation?: boolean;
  /** The alerts bell (features/alerts, composed by the app) at the top of the sidebar and in the bottom bar. */
  renderBell?: (slot: BellSlot) => ReactNode;
  children: ReactNode;
}

/** Where the shell puts the bell, and the bottom bar's item look for it there. */
export interface BellSlot {
  placement: 'sidebar' | 'phone';
  className?: string;
}

type RenderBell = AppLayoutProps['renderBell'];

const PLAN_LABELS: Record<User['subscription'], string> = {
  free: 'Free plan',
  pro: 'Pro plan',
  business: 'Business plan',
};

function SidebarNav({ user, renderBell }: { user: User; renderBell: RenderBell }) {
  const { pathname } = useLocation();
  return (
    <Stack justify="space-between" h="100%">
      <Stack gap={4} component="nav" aria-label="Main">
        {renderBell?.({ placement: 'sidebar' })}
        {navItemsFor(user.role).map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={20} stroke={1.7} />}
            active={isActivePath(pathname, item.to)}
            variant="light"
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </Stack>
      <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {PLAN_LABELS[user.subscription]}
        </Text>
        <Text size="sm" fw={600}>
          {user.credits.toLocaleString('en-US')} credits
        </Text>
      </Box>
    </Stack>
  );
}

function BottomNav({ user, renderBell }: { user: User; renderBell: RenderBell }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={classes.bottomBar}>
      {navItemsFor(user.role, 'bottomBar').map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <UnstyledButton
            key={item.to}
            component={Link}
            to={item.to}
            className={classes.bottomItem}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            <item.icon size={22} stroke={1.7} />
            <span>{item.label}</span>
          </UnstyledButton>
        );
      })}
      {renderBell?.({ placement: 'phone', className: classes.bottomItem })}
    </nav>
  );
}

/** The signed-in frame: header with Logout, and the navigation unless `navigation` is false. */
export function AppLayout({ user, navigation = true, renderBell, children }: AppLayoutProps) {
  const logout = useLogout();
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={
        navigation
          ? { width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }
          : undefined
      }
      footer={navigation ? { height: { base: BOTTOM_BAR_HEIGHT, md: 0 } } : undefined}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'md', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="md" wrap="nowrap">
            <Group gap={8} visibleFrom="sm" wrap="nowrap">
              <Text size="sm" fw={500} truncate maw={200}>
                {user.name}
              </Text>
              <Badge variant="light" radius="sm">
                {user.role}
              </Badge>
            </Group>
            <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {navigation ? (
        <>
          {/* Hidden below md (collapsed, it is only moved off screen): a phone has one "Main"
              navigation, the bottom bar, and no focusable links out of sight. */}
          <AppShell.Navbar p="sm" visibleFrom="md">
            <SidebarNav user={user} renderBell={renderBell} />
          </AppShell.Navbar>
          <AppShell.Footer hiddenFrom="md">
            <BottomNav user={user} renderBell={renderBell} />
          </AppShell.Footer>
        </>
      ) : null}

      <AppShell.Main>
        <Container size="lg" px={0}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
