/**
 * The rest of Mantine's styles, for every page but the landing page (router.tsx loads this module
 * beside each of them). main.tsx loads only what the landing page and the app's frame draw, so a
 * phone's first visit is not held up by 200 KB of CSS it mostly does not use (issue 22, item 5;
 * docs/benchmarks.md). Both are Mantine's layered files (`@layer mantine`): the parts loaded twice
 * are the same rules in the same layer, and the app's own unlayered CSS (styles/global.css)
 * overrides them whatever order the files arrive in.
 */
import '@mantine/core/styles.layer.css';
