import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '../api/session';

/** Spec 01 §2: public routes only when logged out; a logged-in visitor goes to /account. */
export function PublicOnly() {
  return useIsLoggedIn() ? <Navigate to="/account" replace /> : <Outlet />;
}

/** Spec 01 §2: logged-in routes; a logged-out visitor goes to the start page. */
export function RequireSession() {
  return useIsLoggedIn() ? <Outlet /> : <Navigate to="/" replace />;
}
