import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicHeader, type HeaderLink } from './public-header';

export interface PublicLayoutProps {
  children: ReactNode;
  links?: HeaderLink[];
  footer?: ReactNode;
}

/** The public pages (landing, 404): header, page, optional footer. */
export function PublicLayout({ children, links, footer }: PublicLayoutProps) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader links={links} />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      {footer}
    </Box>
  );
}
