/**
 * Hand-written answers of the fake TMDB (fake-tmdb.ts), in the shapes of
 * TMDB's v3 API reference (developer.themoviedb.org): movie details with the
 * appended credits, external_ids, videos and watch/providers. Some films lack
 * what real entries sometimes lack: a poster, a release date, credits. Others
 * name the poster files that test the image checks.
 */

export interface FixtureFilm {
  id: number;
  title: string;
  original_title: string;
  release_date: string;
  runtime: number | null;
  imdb_id: string | null;
  poster_path: string | null;
  overview: string;
  genres: string[];
  countries: Array<[code: string, name: string]>;
  /** null: the film's credits are missing from TMDB's answer altogether */
  directors: string[] | null;
  cast: string[];
  trailer: string | null;
  /** the AU offers: provider names by kind */
  offers: { flatrate?: string[]; rent?: string[]; buy?: string[] } | null;
  /** TMDB marks the entry adult: its search leaves it out unless asked, its details say so */
  adult?: boolean;
}

export const FIXTURE_FILMS: readonly FixtureFilm[] = [
  {
    id: 371645,
    title: 'Hunt for the Wilderpeople',
    original_title: 'Hunt for the Wilderpeople',
    release_date: '2016-03-31',
    runtime: 101,
    imdb_id: 'tt4698684',
    poster_path: '/wilderpeopleFixturePoster01.jpg',
    overview: 'A national manhunt is ordered for a rebellious kid and his foster uncle who go missing in the wild New Zealand bush.',
    genres: ['Adventure', 'Comedy', 'Drama'],
    countries: [['NZ', 'New Zealand']],
    directors: ['Taika Waititi'],
    cast: ['Sam Neill', 'Julian Dennison', 'Rima Te Wiata', 'Rachel House', 'Tioreore Ngatai-Melbourne', 'Oscar Kightley'],
    trailer: 'Fixture0001',
    offers: { flatrate: ['Netflix', 'Stan'], rent: ['Apple TV'], buy: ['Apple TV', 'Google Play Movies'] },
  },
  {
    id: 1946,
    title: 'eXistenZ',
    original_title: 'eXistenZ',
    release_date: '1999-04-14',
    runtime: 97,
    imdb_id: 'tt0120907',
    poster_path: '/existenzFixturePoster0002.jpg',
    overview: 'A game designer on the run from assassins must play her latest virtual reality creation to find out what went wrong.',
    genres: ['Science Fiction', 'Thriller'],
    countries: [
      ['CA', 'Canada'],
      ['GB', 'United Kingdom'],
    ],
    directors: ['David Cronenberg'],
    cast: ['Jennifer Jason Leigh', 'Jude Law', 'Ian Holm', 'Willem Dafoe', 'Don McKellar', 'Callum Keith Rennie'],
    trailer: 'Fixture0002',
    offers: { rent: ['Apple TV'] },
  },
  {
    id: 370755,
    title: 'Paterson',
    original_title: 'Paterson',
    release_date: '2016-11-17',
    runtime: 118,
    imdb_id: 'tt5247022',
    poster_path: '/patersonFixturePoster00003.jpg',
    overview: 'A week in the life of a bus driver and poet in Paterson, New Jersey.',
    genres: ['Drama', 'Comedy'],
    countries: [
      ['US', 'United States of America'],
      ['DE', 'Germany'],
      ['FR', 'France'],
    ],
    directors: ['Jim Jarmusch'],
    cast: ['Adam Driver', 'Golshifteh Farahani', 'Barry Shabaka Henley', 'Rizwan Manji', 'Chasten Harmon'],
    trailer: 'Fixture0003',
    offers: null,
  },
  {
    id: 17431,
    title: 'Moon',
    original_title: 'Moon',
    release_date: '2009-06-12',
    runtime: 97,
    imdb_id: 'tt1182345',
    poster_path: '/moonFixturePoster000000004.jpg',
    overview: 'Near the end of his three-year contract alone on the far side of the Moon, an astronaut meets someone he did not expect.',
    genres: ['Science Fiction', 'Drama'],
    countries: [['GB', 'United Kingdom']],
    directors: ['Duncan Jones'],
    cast: ['Sam Rockwell', 'Kevin Spacey', 'Dominique McElligott', 'Kaya Scodelario', 'Benedict Wong'],
    trailer: 'Fixture0004',
    offers: { flatrate: ['Stan'] },
  },
  {
    id: 194,
    title: 'Amélie',
    original_title: "Le Fabuleux Destin d'Amélie Poulain",
    release_date: '2001-04-25',
    runtime: 122,
    imdb_id: 'tt0211915',
    poster_path: '/amelieFixturePoster0000005.jpg',
    overview: 'A shy waitress in Montmartre decides to change the lives of those around her for the better.',
    genres: ['Comedy', 'Romance'],
    countries: [
      ['FR', 'France'],
      ['DE', 'Germany'],
    ],
    directors: ['Jean-Pierre Jeunet'],
    cast: ['Audrey Tautou', 'Mathieu Kassovitz', 'Rufus', 'Lorella Cravotta', 'Serge Merlin'],
    trailer: 'Fixture0005',
    offers: { buy: ['Apple TV'] },
  },
  // Three films that are not in the demo catalogue, for the browser journeys and the local demo.
  {
    id: 9270,
    title: 'Brick',
    original_title: 'Brick',
    release_date: '2005-04-08',
    runtime: 110,
    imdb_id: 'tt0393109',
    poster_path: '/brickFixturePoster00000012.jpg',
    overview:
      'A teenage loner pushes his way into the underworld of a high school crime ring to find out what happened to his ex-girlfriend.',
    genres: ['Crime', 'Drama', 'Mystery'],
    countries: [['US', 'United States of America']],
    directors: ['Rian Johnson'],
    cast: ['Joseph Gordon-Levitt', 'Nora Zehetner', 'Lukas Haas', 'Noah Fleiss', "Matt O'Leary"],
    trailer: 'Fixture0012',
    offers: { flatrate: ['Stan'], rent: ['Apple TV'] },
  },
  {
    id: 19177,
    title: 'Lake Mungo',
    original_title: 'Lake Mungo',
    release_date: '2008-11-16',
    runtime: 87,
    imdb_id: 'tt0816556',
    poster_path: '/lakeMungoFixturePoster0013.jpg',
    overview:
      'After a teenage girl drowns, her family finds that she had been keeping secrets, and that something of her remains in their house.',
    genres: ['Horror', 'Mystery', 'Drama'],
    countries: [['AU', 'Australia']],
    directors: ['Joel Anderson'],
    cast: ['Talia Zucker', 'Rosie Traynor', 'David Pledger', 'Martin Sharpe', 'Steve Jodrell'],
    trailer: null,
    offers: { flatrate: ['Netflix'], buy: ['Google Play Movies'] },
  },
  {
    id: 145197,
    title: 'Upstream Color',
    original_title: 'Upstream Color',
    release_date: '2013-04-05',
    runtime: 96,
    imdb_id: 'tt2084989',
    poster_path: '/upstreamColorFixturePost14.jpg',
    overview: 'A man and a woman are drawn together, entangled in the life cycle of an ageless organism.',
    genres: ['Drama', 'Science Fiction'],
    countries: [['US', 'United States of America']],
    directors: ['Shane Carruth'],
    cast: ['Amy Seimetz', 'Shane Carruth', 'Andrew Sensenig', 'Thiago Martins', 'Kathy Carruth'],
    trailer: 'Fixture0014',
    offers: { rent: ['Apple TV'], buy: ['Apple TV'] },
  },
  {
    id: 900001,
    title: 'The Quiet Harbour',
    original_title: 'The Quiet Harbour',
    release_date: '2011-08-05',
    runtime: 88,
    imdb_id: 'tt9000001',
    poster_path: null,
    overview: 'A fixture film without a poster.',
    genres: ['Drama'],
    countries: [['AU', 'Australia']],
    directors: ['Fixture Director'],
    cast: ['Fixture Actor One', 'Fixture Actor Two'],
    trailer: null,
    offers: null,
  },
  {
    id: 900002,
    title: 'The Quiet Summer',
    original_title: 'The Quiet Summer',
    release_date: '',
    runtime: 0,
    imdb_id: null,
    poster_path: '/quietSummerFixturePoster6.jpg',
    overview: 'A fixture film without a release date or a runtime.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900003,
    title: 'The Quiet Winter',
    original_title: 'The Quiet Winter',
    release_date: '2019-02-01',
    runtime: 95,
    imdb_id: 'tt9000003',
    poster_path: '/quietWinterFixturePoster7.jpg',
    overview: 'A fixture film whose answer has no credits.',
    genres: ['Documentary'],
    countries: [['IE', 'Ireland']],
    directors: null,
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900004,
    title: 'Oversized Poster',
    original_title: 'Oversized Poster',
    release_date: '2015-01-01',
    runtime: 90,
    imdb_id: null,
    poster_path: '/oversizedBytesPoster00008.jpg',
    overview: 'Its poster file is larger than the server accepts.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900005,
    title: 'Enormous Poster',
    original_title: 'Enormous Poster',
    release_date: '2015-01-01',
    runtime: 90,
    imdb_id: null,
    poster_path: '/enormousPixelsPoster00009.png',
    overview: 'Its poster claims more pixels than the server decodes.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900006,
    title: 'Not A Poster',
    original_title: 'Not A Poster',
    release_date: '2015-01-01',
    runtime: 90,
    imdb_id: null,
    poster_path: '/notAnImagePoster000000010.jpg',
    overview: 'Its poster file is a web page.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900007,
    title: 'Vector Poster',
    original_title: 'Vector Poster',
    release_date: '2015-01-01',
    runtime: 90,
    imdb_id: null,
    poster_path: '/vectorInsidePoster0000011.png',
    overview: 'Its poster file is an SVG drawing under a PNG name.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
  },
  {
    id: 900008,
    title: 'Fixture Adult Entry',
    original_title: 'Fixture Adult Entry',
    release_date: '2012-01-01',
    runtime: 80,
    imdb_id: null,
    poster_path: null,
    overview: 'An entry TMDB marks adult.',
    genres: [],
    countries: [],
    directors: ['Fixture Director'],
    cast: [],
    trailer: null,
    offers: null,
    adult: true,
  },
];

/** The poster files that are not plain posters (fake-tmdb.ts serves them as their names say). */
export const SPECIAL_POSTERS = {
  oversizedBytes: '/oversizedBytesPoster00008.jpg',
  enormousPixels: '/enormousPixelsPoster00009.png',
  notAnImage: '/notAnImagePoster000000010.jpg',
  vectorInside: '/vectorInsidePoster0000011.png',
} as const;

export const fixtureFilm = (title: string): FixtureFilm => {
  const film = FIXTURE_FILMS.find((f) => f.title === title);
  if (!film) throw new Error(`no fixture film "${title}"`);
  return film;
};

const PROVIDER_IDS: Record<string, number> = { Netflix: 8, Stan: 21, 'Apple TV': 2, 'Google Play Movies': 3 };

/** TMDB's search result object. */
export function searchResult(film: FixtureFilm) {
  return {
    adult: film.adult ?? false,
    backdrop_path: null,
    genre_ids: [],
    id: film.id,
    original_language: 'en',
    original_title: film.original_title,
    overview: film.overview,
    popularity: 10.5,
    poster_path: film.poster_path,
    release_date: film.release_date,
    title: film.title,
    video: false,
    vote_average: 7.2,
    vote_count: 1000,
  };
}

/** TMDB's movie details, with the parts `append` names. */
export function movieDetails(film: FixtureFilm, append: readonly string[]) {
  const details: Record<string, unknown> = {
    adult: film.adult ?? false,
    backdrop_path: null,
    belongs_to_collection: null,
    budget: 0,
    genres: film.genres.map((name, i) => ({ id: 18 + i, name })),
    homepage: '',
    id: film.id,
    imdb_id: film.imdb_id,
    original_language: 'en',
    original_title: film.original_title,
    overview: film.overview,
    popularity: 10.5,
    poster_path: film.poster_path,
    production_companies: [],
    production_countries: film.countries.map(([iso_3166_1, name]) => ({ iso_3166_1, name })),
    release_date: film.release_date,
    revenue: 0,
    runtime: film.runtime,
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status: film.release_date ? 'Released' : 'In Production',
    tagline: '',
    title: film.title,
    video: false,
    vote_average: 7.2,
    vote_count: 1000,
  };
  if (append.includes('credits') && film.directors !== null) {
    details.credits = {
      id: film.id,
      cast: film.cast.map((name, order) => ({
        adult: false,
        gender: 0,
        id: 5000 + order,
        known_for_department: 'Acting',
        name,
        original_name: name,
        popularity: 1,
        profile_path: null,
        cast_id: order + 1,
        character: `Role ${order + 1}`,
        credit_id: `credit${order}`,
        order,
      })),
      crew: [
        ...film.directors.map((name, i) => ({
          adult: false,
          gender: 0,
          id: 7000 + i,
          known_for_department: 'Directing',
          name,
          original_name: name,
          popularity: 1,
          profile_path: null,
          credit_id: `crew${i}`,
          department: 'Directing',
          job: 'Director',
        })),
        {
          adult: false,
          gender: 0,
          id: 7999,
          known_for_department: 'Writing',
          name: 'Fixture Writer',
          original_name: 'Fixture Writer',
          popularity: 1,
          profile_path: null,
          credit_id: 'crewWriter',
          department: 'Writing',
          job: 'Screenplay',
        },
      ],
    };
  }
  if (append.includes('external_ids')) {
    details.external_ids = {
      id: film.id,
      imdb_id: film.imdb_id,
      wikidata_id: null,
      facebook_id: null,
      instagram_id: null,
      twitter_id: null,
    };
  }
  if (append.includes('videos')) {
    const trailers = film.trailer
      ? [
          {
            iso_639_1: 'en',
            iso_3166_1: 'US',
            name: 'Teaser',
            key: 'FixtureTsr1',
            site: 'YouTube',
            size: 1080,
            type: 'Teaser',
            official: true,
            published_at: '2015-01-01T00:00:00.000Z',
            id: `video-teaser-${film.id}`,
          },
          {
            iso_639_1: 'en',
            iso_3166_1: 'US',
            name: 'Official Trailer',
            key: film.trailer,
            site: 'YouTube',
            size: 1080,
            type: 'Trailer',
            official: true,
            published_at: '2016-01-01T00:00:00.000Z',
            id: `video-trailer-${film.id}`,
          },
        ]
      : [];
    details.videos = { results: trailers };
  }
  if (append.includes('watch/providers')) {
    const offers = film.offers;
    const results: Record<string, unknown> = {
      // Another region, which the server must not keep.
      US: {
        link: `https://www.themoviedb.org/movie/${film.id}/watch?locale=US`,
        buy: [{ logo_path: '/fixture.jpg', provider_id: 2, provider_name: 'Apple TV', display_priority: 4 }],
      },
    };
    if (offers) {
      const kind = (names: string[] | undefined) =>
        names?.map((name, i) => ({
          logo_path: '/fixture.jpg',
          provider_id: PROVIDER_IDS[name] ?? 99,
          provider_name: name,
          display_priority: i,
        }));
      results.AU = {
        link: `https://www.themoviedb.org/movie/${film.id}/watch?locale=AU`,
        ...(offers.flatrate ? { flatrate: kind(offers.flatrate) } : {}),
        ...(offers.rent ? { rent: kind(offers.rent) } : {}),
        ...(offers.buy ? { buy: kind(offers.buy) } : {}),
      };
    }
    details['watch/providers'] = { id: film.id, results };
  }
  return details;
}
