import { auth, common, cs, errors, help, home, layout, system } from '../../locales/bn.json';
import bnUrl from '../../locales/bn.json?url';

/**
 * Bengali is the default and ships inside the entry chunk; every other catalogue is its own chunk,
 * fetched when chosen. Adding src/locales/<lng>.json is all it takes to ship a language.
 */
export type Catalogue = Record<string, Record<string, string>>;

/**
 * The Bengali namespaces the shell and the home route need ship in the entry chunk (named imports:
 * the JSON's other namespaces are tree-shaken out of it). LAZY_NAMESPACES are only read on lazy
 * routes and components (member centre, header wallet, side-menu member links, real-time notices): their Bengali texts are fetched with that route
 * (`loadLazyNamespaces`), which keeps the home route inside its size budget. A new namespace goes
 * in one of the two lists (catalogues.test.ts checks).
 */
export const EAGER_NAMESPACES = [
  'common',
  'layout',
  'home',
  'help',
  'system',
  'cs',
  'errors',
  'auth',
] as const;
export const LAZY_NAMESPACES = [
  'wallet',
  'records',
  'memberCentre',
  'messages',
  'betting',
  'lobby',
  'agent',
  'promotions',
  'vip',
  'referral',
  'rebate',
  'missions',
  'rewards',
] as const;

export const defaultCatalogue: Catalogue = {
  common,
  layout,
  home,
  help,
  system,
  cs,
  errors,
  auth,
};

let fullDefault: Promise<Catalogue | undefined> | undefined;

/**
 * The whole Bengali catalogue as a static asset (not JavaScript), for the lazy namespaces: one
 * download shared by every caller (the boot starts it); a failed one is tried again on the next call.
 */
export function loadFullDefaultCatalogue(): Promise<Catalogue | undefined> {
  const load = async () => {
    try {
      const res = await fetch(bnUrl);
      if (res.ok) return (await res.json()) as Catalogue;
    } catch {
      /* offline: undefined below */
    }
    fullDefault = undefined;
    return undefined;
  };
  return (fullDefault ??= load());
}

const lazyCatalogues = import.meta.glob<Catalogue>(['../../locales/*.json', '!../../locales/bn.json'], {
  import: 'default',
});

const lngOf = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');

export const SHIPPED_LNGS: readonly string[] = ['bn', ...Object.keys(lazyCatalogues).map(lngOf)];

export async function loadCatalogue(lng: string): Promise<Catalogue | undefined> {
  if (lng === 'bn') return defaultCatalogue;
  const loader = lazyCatalogues[`../../locales/${lng}.json`];
  return loader ? loader() : undefined;
}
