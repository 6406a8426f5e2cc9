import type { RouteObject } from 'react-router';

/**
 * Routes of the settings area, relative to /env/:env (spec 02 §2.2): settings/addresses,
 * settings/bank-details, settings/taxes with their edit forms. The environment shell mounts them.
 */
export const settingsRoutes: RouteObject[] = [];
