import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SessionSync } from '../features/auth';
import { setNavigator } from '../shared/navigation';

/** Root route element: lends the router's navigate to code outside it (modals) and keeps the session in sync. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);
  return (
    <>
      <SessionSync />
      <Outlet />
    </>
  );
}
