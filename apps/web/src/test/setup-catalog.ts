import { loadCatalog } from '../i18n/catalog-store';

// Components are rendered without the router's logged-in area, which loads this in the app.
await loadCatalog('de_sie');
