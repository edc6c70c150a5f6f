import { NavLink } from '../../lib/router';
import { appConfig } from '../../lib/app-config';
import { useAuth } from '../../lib/auth';
import { ExternalLink } from '../../components/ExternalLink';

/** SPEC §2: the navigation for signed-in members and for visitors. */
export function Header() {
  const { isAuthenticated, user } = useAuth();
  const { links } = appConfig;
  return (
    <header className="site-header">
      <NavLink to={isAuthenticated ? '/dashboard' : '/'} className="brand">
        The Film List
      </NavLink>
      <nav aria-label="Main">
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
                <NavLink to="/myprofile">My Profile</NavLink>
              </li>
              {user?.isReviewer && (
                <li>
                  <NavLink to="/master">Review</NavLink>
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
