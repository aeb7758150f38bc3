/** The catalogue module's public entry: what other modules, the app and the seed may use. */
export { catalogueService, catalogueServiceFor, registerCatalogue } from './register.js';
export type { CatalogueService } from './catalogue.service.js';
export { generateDemoFeed } from './catalogue.feed.js';
export { importCatalogue } from './catalogue.import.js';
