import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import { getAppName } from '@/config/app-name';
import { paths } from '@/config/paths';

export function LogoMark({ size = 32 }: { size?: number }) {
  return <img src={logoUrl} width={size} height={size} alt="" aria-hidden="true" />;
}

/** The logo and product name, linking to / (product-rules: Screens header). */
export function Brand({ size = 32 }: { size?: number }) {
  const appName = getAppName();
  return (
    <UnstyledButton component={Link} to={paths.home} aria-label={`${appName} home`}>
      <Group gap={10} wrap="nowrap">
        <LogoMark size={size} />
        <Text
          fw={800}
          fz={size >= 32 ? 'xl' : 'lg'}
          c="brand.9"
          lh={1}
          style={{ letterSpacing: -0.3 }}
        >
          {appName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
