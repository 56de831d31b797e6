import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** True from the medium width up (product-rules: Constants: the mobile layout is below it). */
export function useIsDesktop(): boolean {
  const theme = useMantineTheme();
  return (
    useMediaQuery(`(min-width: ${theme.breakpoints.md})`, false, {
      getInitialValueInEffect: false,
    }) ?? false
  );
}
