import bn from '../../locales/bn.json';

/**
 * Bengali is the default and ships inside the entry chunk; every other catalogue is its own chunk,
 * fetched when chosen. Adding src/locales/<lng>.json is all it takes to ship a language.
 */
export type Catalogue = Record<string, Record<string, string>>;

export const defaultCatalogue: Catalogue = bn;

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
