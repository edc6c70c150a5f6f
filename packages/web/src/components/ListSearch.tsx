import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../lib/auth';
import { useNavigate } from '../lib/router';

/**
 * A search of the list from a page that is not the list: the not-found page, a film that is not there
 * (docs/product.md §Errors). The text goes to the list's own search, in its address (`?q=`, §Filters), so
 * the list finds the titles that start with it, then those that contain it (§Search). Without the app's
 * script the form still sends it there.
 */
export function ListSearch() {
  const id = useId();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [text, setText] = useState('');
  const list = isAuthenticated ? '/dashboard' : '/';
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim().toLowerCase();
    navigate(query === '' ? list : `${list}?${new URLSearchParams({ q: query }).toString()}`);
  };
  return (
    <form className="list-search" role="search" action={list} method="get" onSubmit={search}>
      <label htmlFor={id}>Search The Film List by title</label>
      <div className="list-search-row">
        <input id={id} name="q" type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit">Search</button>
      </div>
    </form>
  );
}
