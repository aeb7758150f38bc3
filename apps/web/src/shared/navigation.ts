/**
 * Lets code outside the router (modals live in ModalHost, above the router) change the route.
 * The router's root element registers its navigate function; before that, a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let current: Navigate | null = null;

export function setNavigator(nav: Navigate | null) {
  current = nav;
}

export function navigateTo(to: string, opts?: { replace?: boolean }) {
  if (current) current(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}
