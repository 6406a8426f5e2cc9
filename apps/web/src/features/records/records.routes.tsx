import type { RouteObject } from 'react-router';

/**
 * Routes of the record engine, relative to /env/:env (spec 02 §2.1): dyn/:type (list) and
 * dyn/:type/:id/edit (form). The environment shell mounts them.
 */
export const recordsRoutes: RouteObject[] = [];
