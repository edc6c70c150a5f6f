import { useEffect } from 'react';
import { messages } from '@filmlist/shared/messages';
import { ExternalLink } from '../../../components/ExternalLink';
import { JustWatchCredit } from '../../../components/JustWatchCredit';
import { appConfig } from '../../../lib/app-config';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AboutPage() {
  useDocumentTitle('About');
  // The list links to "How the list works" (/about#how-the-list-works); the page arrives after the link is followed.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, []);
  return (
    <article className="about-page">
      <h1>About The Film List</h1>
      <p>
        The Film List is a community platform for film lovers, founded in 2023. It exists to bring attention to films that deserve a bigger
        audience: the ones people tell their friends about but that rarely make the usual best-of lists.
      </p>

      <h2>Recommend films</h2>
      <p>
        Once you have <Link to="/signup">signed up</Link> and verified your email, you may recommend any film that is not already on the
        list, and you may make as many recommendations as you wish. Each recommendation is checked by a reviewer before it joins the list,
        and you hear the result by email.
      </p>

      <h2>Take part</h2>
      <ul>
        <li>
          <strong>Heard of it before?</strong> For each film you answer once whether you had heard of it before visiting The Film List. The
          answer is final.
        </li>
        <li>
          <strong>Rate it.</strong> After watching, rate the film from 1 to 10. You can change your rating later.
        </li>
        <li>
          <strong>Watch and share.</strong> Every film has a trailer, a watch link where one is available, and sharing by link, email,
          Facebook and X.
        </li>
      </ul>

      <h2 id="how-the-list-works">How the list works</h2>
      <p>
        The list is ordered by a score that measures how undervalued a film is, highest first. As films get watched and rated, they fall
        down the list, making room for the next discovery. The score uses four counts for each film:
      </p>
      <dl className="score-terms">
        <dt>N: not heard before</dt>
        <dd>how many members said they had not heard of the film before visiting.</dd>
        <dt>H: heard before, not rated</dt>
        <dd>how many members had heard of it already and have not rated it.</dd>
        <dt>R: ratings</dt>
        <dd>how many members have rated the film.</dd>
        <dt>S: sum of ratings</dt>
        <dd>all of those ratings added together.</dd>
      </dl>
      <p>The score is the average of two parts:</p>
      <ol>
        <li>
          <strong>Obscurity:</strong> the share of all answers and ratings (N + H + R) that are &ldquo;not heard before&rdquo;, as a
          percentage. A film few people knew scores high here.
        </li>
        <li>
          <strong>Quality, fading with attention:</strong> the average rating as a percentage of the best possible rating, divided again by
          the number of ratings. A single 10 out of 10 scores 100 here; the more ratings a film collects, the smaller this part becomes.
        </li>
      </ol>
      <p>A film with no answers and no ratings yet scores 0. Films with equal scores are listed alphabetically by title.</p>
      <p>
        Each film on the list shows both parts in short. &ldquo;62% hadn&rsquo;t heard of it&rdquo; means that 62 out of every 100 answers
        and ratings for it were &ldquo;not heard before&rdquo;. &ldquo;&#9733; 7.4/10 (31 ratings)&rdquo; means that 31 members have rated
        it, 7.4 out of 10 on average. A film&rsquo;s page shows its place on the list and how its ratings spread from 1 to 10.
      </p>
      {appConfig.filmDatabase && (
        <>
          <h2 id="film-data">Film data</h2>
          <p>
            Posters, credits, runtimes and trailers come from <ExternalLink href="https://www.themoviedb.org/">TMDB</ExternalLink>, The
            Movie Database, a community-built film database. {messages.tmdbCredit}
          </p>
          <p>
            Where to watch a film in {appConfig.watchRegionName} comes through TMDB. <JustWatchCredit />
          </p>
        </>
      )}
    </article>
  );
}
