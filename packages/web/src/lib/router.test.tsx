import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Router, Routes, useLocation, useParams } from './router';

function Where() {
  const location = useLocation();
  const params = useParams();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(params)} {JSON.stringify(location.state)}
    </p>
  );
}

describe('Router', () => {
  it('renders the first matching route and follows links with their state', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <Router>
        <Link to="/films/moon-2009" state={{ from: 'list' }}>
          Moon
        </Link>
        <Routes
          routes={[
            { path: '/', element: <p>home</p> },
            { path: '/films/:filmDetails', element: <Where /> },
            { path: '*', element: <p>not found</p> },
          ]}
        />
      </Router>,
    );
    expect(screen.getByText('home')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Moon' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/films/moon-2009 {"filmDetails":"moon-2009"} {"from":"list"}');
    expect(window.location.pathname).toBe('/films/moon-2009');
    act(() => {
      window.history.pushState(null, '', '/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});
