import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * A small history router: the initial JavaScript budget (100 KB gzipped, most
 * of it React) leaves no room for a router library. Paths, :params, a * route,
 * links, redirects and navigation state.
 */
export interface Location {
  pathname: string;
  search: string;
  /** what the navigation carried along, e.g. a film object (SPEC §2) */
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
    if (options.replace) window.history.replaceState(state, '', to);
    else window.history.pushState(state, '', to);
    setLocation(current());
    if (!options.replace) window.scrollTo(0, 0);
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

/** The params of `pattern` in `pathname`, or null. Segments are URL-decoded. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

export interface RouteDefinition {
  path: string;
  element: ReactNode;
}

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

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; state?: unknown; replace?: boolean };

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
