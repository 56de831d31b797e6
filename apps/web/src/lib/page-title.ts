import { useDocumentTitle } from '@mantine/hooks';
import { getAppName } from '@/config/app-name';

/** Sets the tab title to "<page> | <product name>", or the product name alone. */
export function usePageTitle(page?: string): void {
  const appName = getAppName();
  useDocumentTitle(page ? `${page} | ${appName}` : appName);
}
