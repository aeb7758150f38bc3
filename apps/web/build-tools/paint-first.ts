import type { Plugin } from 'vite';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built index.html fetches the app's entry script at once but no longer runs it on its own: the
 * entry becomes `<link rel="modulepreload" data-entry>` (fetched and compiled in parallel, as before)
 * and theme-init.js starts it once the static skeleton, with the pictures the server wrote into it,
 * has been painted. Run as soon as it arrived, the entry's evaluation and first render held back the
 * first frame on a phone, and React replaced the skeleton before its pictures had ever been painted.
 * Development (vite serve) keeps the plain script.
 */
export function deferEntry(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('paint-first: the entry <script type="module"> was not found in index.html');
  return html.replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}" data-entry />`);
}

export function paintFirst(): Plugin {
  return {
    name: 'bp-paint-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferEntry },
  };
}
