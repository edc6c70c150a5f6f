import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchPath, type PagePath } from '@filmlist/shared/pages';

/**
 * A small history router: the initial JavaScript budget (100 KB gzipped, most
 * of it React) leaves no room for a router library. Paths, :params, a * route,
 * links, redirects and navigation state.
 */
export interface Location {
  pathname: string;
  search: string;
  /** what the navigation carried along, e.g. a film object (docs/product.md §Film addresses) */
  state: unknown;
}

export type NavigateFunction = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function current(): Location {
  const state: unknown = window.history.state;
  return { pathname: window.location.pathname, search: window.location.search, state };
}

export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(current);
  useEffect(() => {
    const onPop = () => setLocation(current());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean; state?: unknown } = {}) => {
    const state = options.state ?? null;
    const from = window.location.pathname;
    if (options.replace) window.history.replaceState(state, '', to);
    else window.history.pushState(state, '', to);
    setLocation(current());
    // A new page starts at its top, also when it replaces the one before (a redirect, /account-deleted);
    // a search or a filter written into the same page's address keeps the place.
    if (!options.replace || window.location.pathname !== from) window.scrollTo(0, 0);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router is missing');
  return value;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Record<string, string> => useContext(ParamsContext);

export interface RouteDefinition {
  path: string;
  element: ReactNode;
}

/** A route of the app's own tables: one of its pages (the server answers 404 for any other path), or '*'. */
export type PageRoute = RouteDefinition & { path: PagePath | '*' };

/** The first route whose path matches; put '*' last. */
export function Routes({ routes }: { routes: RouteDefinition[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

export function Navigate({ to, replace = true, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; state?: unknown; replace?: boolean };

export function Link({ to, state, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plainClick || rest.target) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? false, state });
  };
  return <a href={to} onClick={handle} {...rest} />;
}

/** A link that marks itself as the current page. */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const active = end ? pathname === props.to : pathname === props.to || pathname.startsWith(`${props.to}/`);
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
