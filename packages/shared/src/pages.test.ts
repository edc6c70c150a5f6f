import { describe, expect, it } from 'vitest';
import { PAGES, isPage, matchPath } from './pages.js';

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

describe('isPage', () => {
  it('knows every page of the route tables, with its params, and nothing else', () => {
    for (const path of [
      '/',
      '/about',
      '/films/moon-2009',
      '/films/private/moon-2009',
      '/master/addfilm/A/2000/B/1',
      '/master/films/moon-2009/edit',
      '/reset-password/abc',
      '/dashboard/',
    ]) {
      expect(isPage(path), path).toBe(true);
    }
    for (const path of [
      '/no/such/page',
      '/films',
      '/films/private/moon-2009/extra',
      '/films/moon-2009/extra',
      '/master/addfilm/A',
      '/assets/missing.js',
      '/films/%E0%A4%A',
    ]) {
      expect(isPage(path), path).toBe(false);
    }
    expect(Object.values(PAGES).every((pattern) => pattern.startsWith('/'))).toBe(true);
  });
});
