import { lazy, Suspense, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink } from '../../lib/router';
import { appConfig } from '../../lib/app-config';
import { useAuth } from '../../lib/auth';
import { ExternalLink } from '../../components/ExternalLink';
import { Icon } from '../../components/Icon';

// The reviewers' pending count is its own chunk: nobody else downloads it or asks for the queue.
const PendingCount = lazy(() => import('../../features/submissions/components/PendingCount'));

/**
 * docs/product.md §Navigation and shell: the navigation for signed-in members and for visitors. Below about
 * 640 px it folds behind one Menu button, a disclosure; a link
 * followed, or Escape, folds it again.
 */
export function Header() {
  const { isAuthenticated, user } = useAuth();
  const { links } = appConfig;
  const [open, setOpen] = useState(false);
  const fold = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  const escape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) setOpen(false);
  };
  return (
    <header className="site-header" onKeyDown={escape}>
      <NavLink to={isAuthenticated ? '/dashboard' : '/'} className="brand">
        <Icon name="star" filled />
        The Film List
      </NavLink>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls="main-nav" onClick={() => setOpen(!open)}>
        <Icon name="menu" />
        Menu
      </button>
      <nav id="main-nav" aria-label="Main" className={open ? 'site-nav open' : 'site-nav'} onClick={fold}>
        <ul>
          <li>
            <NavLink to={isAuthenticated ? '/dashboard' : '/'} end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/about">About</NavLink>
          </li>
          {isAuthenticated && (
            <>
              <li>
                <NavLink to="/addfilm" aria-label="+Film, add a film">
                  +Film
                </NavLink>
              </li>
              <li>
                <NavLink to="/watchlist">Watchlist</NavLink>
              </li>
              <li>
                <NavLink to="/my-submissions">My Submissions</NavLink>
              </li>
              <li>
                <NavLink to="/myprofile">My Profile</NavLink>
              </li>
              {user?.isReviewer && (
                <li>
                  <NavLink to="/master">
                    Review
                    <Suspense fallback={null}>
                      <PendingCount />
                    </Suspense>
                  </NavLink>
                </li>
              )}
            </>
          )}
          <li>
            <ExternalLink href={links.coffee}>Coffee</ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.shop}>Shop</ExternalLink>
          </li>
          {isAuthenticated ? (
            <li>
              <NavLink to="/logout">Logout</NavLink>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login">Login</NavLink>
              </li>
              <li>
                <NavLink to="/signup">Sign Up</NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
