import { APP_NAME_SLOT } from '@behavio/contract';

/** The product name when the server has not injected one (spec: env APP_NAME, default 'Behavio'). */
export const DEFAULT_APP_NAME = 'Behavio';

/**
 * The product name. The server writes it into index.html as
 * `<meta name="application-name" content="...">`; read it from there so one build serves any
 * brand.
 */
export function getAppName(doc?: Document): string {
  const page = doc ?? (typeof document === 'undefined' ? undefined : document);
  // Rendered at build time (prerender.tsx): the server fills the name in as it serves the page.
  if (!page) return APP_NAME_SLOT;
  const content = page
    .querySelector<HTMLMetaElement>('meta[name="application-name"]')
    ?.getAttribute('content')
    ?.trim();
  return content ? content : DEFAULT_APP_NAME;
}
