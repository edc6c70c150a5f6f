import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Router, Routes, matchPath, useLocation, useParams } from './router';

describe('matchPath', () => {
  it('matches literal segments and decodes :params', () => {
    expect(matchPath('/films/:filmDetails', '/films/spider-man-2002')).toEqual({ filmDetails: 'spider-man-2002' });
    expect(matchPath('/films/:filmDetails', '/films/caf%C3%A9-2001')).toEqual({ filmDetails: 'café-2001' });
    expect(matchPath('/films/:filmDetails', '/films/private/x-2001')).toBeNull();
    expect(matchPath('/master/addfilm/:title/:release_year/:description/:user_id', '/master/addfilm/A-B/1999/Some-text/4')).toEqual({
      title: 'A-B',
      release_year: '1999',
      description: 'Some-text',
      user_id: '4',
    });
    expect(matchPath('/about', '/about/')).toEqual({});
    expect(matchPath('/films/:x', '/films/%E0%A4%A')).toBeNull();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });
});

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
