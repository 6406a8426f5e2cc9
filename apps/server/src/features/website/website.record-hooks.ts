import { recordHooks } from '../../engine/record-hooks';
import { invalidateSite } from './site-cache';

// A record list or record page on the website shows records: a saved or removed record publishes at once.
recordHooks.afterSave(({ scope }) => invalidateSite(scope.envId));
recordHooks.afterRemove(({ scope }) => invalidateSite(scope.envId));
