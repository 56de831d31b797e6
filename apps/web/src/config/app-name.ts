/** The product name when the server has not injected one (spec: env APP_NAME, default 'Behavio'). */
export const DEFAULT_APP_NAME = 'Behavio';

/**
 * The product name. The server writes it into index.html as
 * `<meta name="application-name" content="...">`; read it from there so one build serves any
 * brand.
 */
export function getAppName(doc: Document = document): string {
  const content = doc
    .querySelector<HTMLMetaElement>('meta[name="application-name"]')
    ?.getAttribute('content')
    ?.trim();
  return content ? content : DEFAULT_APP_NAME;
}
