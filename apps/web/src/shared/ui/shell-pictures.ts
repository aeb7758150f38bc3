/**
 * The pictures index.html's skeleton showed before the app ran: the server writes the first home
 * banner or a game list page's first tiles into it (server: platform/web-shell.ts), theme-init.js
 * hides them where they do not apply (`data-shell="off"`). Read once, when the app's code is
 * evaluated: React's first render replaces the skeleton. The boot screen, the home banner and the
 * game grid draw the same pictures in the same boxes until their own are in, so none flashes out
 * and back.
 */
export interface ShellPictures {
  /** the language the server drew them in (upper case, as the API's `Language`) */
  language: string;
  /** the address they were drawn for */
  path: string;
  banner?: string;
  tiles: string[];
}

export function readShellPictures(doc: Document | undefined): ShellPictures | undefined {
  const root = doc?.documentElement;
  const language = root?.getAttribute('data-shell-lang');
  if (!doc || !root || !language || root.getAttribute('data-shell') === 'off') return undefined;
  const shell = doc.getElementById('static-shell');
  if (!shell) return undefined;
  const banner = shell.querySelector('img.app-shell-pic.app-shell-banner')?.getAttribute('src') ?? undefined;
  const tiles = Array.from(
    shell.querySelectorAll('.app-shell-tiles img'),
    (img) => img.getAttribute('src') ?? '',
  );
  return {
    language: language.toUpperCase(),
    path: doc.defaultView?.location.pathname ?? '',
    banner,
    tiles: tiles.filter(Boolean),
  };
}

export const shellPictures: ShellPictures | undefined = readShellPictures(
  typeof document === 'undefined' ? undefined : document,
);

/** The tiles the skeleton showed for this address in this language, if any. */
export function shellTilesFor(path: string, language: string): string[] | undefined {
  const s = shellPictures;
  return s && s.tiles.length > 0 && s.path === path && s.language === language.toUpperCase()
    ? s.tiles
    : undefined;
}
