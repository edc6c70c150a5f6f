import { filmSlug } from '@filmlist/shared/slug';
import type { Database } from '../db/connection.js';
import { films } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { seedDemoVotes, type DemoVotes } from './demo-votes.js';

/** A small catalogue for a brand-new embedded database, so a newcomer sees a real list. Loglines are our own. */
const DEMO_FILMS: ReadonlyArray<readonly [title: string, year: number, logline: string, watchable: boolean]> = [
  ['Paterson', 2016, 'A bus driver in Paterson, New Jersey writes quiet poems between his daily routes.', true],
  ['Columbus', 2017, 'Two strangers stuck in a small Indiana town talk their way through its modernist buildings.', false],
  ['The Fall', 2006, 'An injured stuntman tells a girl in hospital an epic tale that bends to his moods.', true],
  ['Moon', 2009, 'Near the end of a three-year shift alone on the Moon, a miner meets someone impossible.', true],
  ['Coherence', 2013, 'A dinner party unravels when a passing comet seems to split the night into many.', false],
  ['Primer', 2004, 'Two engineers build something in a garage that they do not fully understand.', true],
  ['Frank', 2014, 'A young songwriter joins an odd band led by a man who never removes his papier-mache head.', false],
  ['Hunt For The Wilderpeople', 2016, 'A defiant city kid and his gruff foster uncle go on the run in the New Zealand bush.', true],
  ['Leave No Trace', 2018, 'A father and daughter living hidden in an Oregon forest are found and brought back.', false],
  ['The Man From Earth', 2007, 'A departing professor tells his colleagues a story they cannot believe or disprove.', true],
  ['Timecrimes', 2007, 'A man checking on a noise in the woods sets off a loop he keeps making worse.', false],
  ['Safety Not Guaranteed', 2012, 'Reporters chase a classified ad seeking a partner for time travel.', true],
  ['Short Term 12', 2013, 'A supervisor at a foster care facility holds everyone together except herself.', false],
  ['The Station Agent', 2003, 'A man who loves trains inherits a rural depot and gains two unlikely friends.', true],
  ['Mary And Max', 2009, 'A lonely girl in Melbourne and a man in New York become pen pals for twenty years.', false],
  ['Gattaca', 1997, 'In a future sorted by genes, an "invalid" borrows an identity to reach space.', true],
  ['The Iron Giant', 1999, 'A boy befriends a giant metal visitor while a government agent closes in.', false],
  ['In Bruges', 2008, 'Two hitmen hide out in a fairytale Belgian city after a job goes wrong.', true],
  ['Sound Of Metal', 2019, 'A heavy metal drummer begins to lose his hearing and must rebuild his life.', false],
  ['After Yang', 2021, 'A family tries to repair their android companion and finds his memories.', true],
  ['Aftersun', 2022, 'A woman revisits the memory of a holiday in Turkey with her young father.', false],
  ['The Vast Of Night', 2019, 'A switchboard operator and a radio host chase a strange frequency one night in 1950s New Mexico.', true],
  ['Tampopo', 1985, 'A truck driver helps a widow turn her struggling noodle shop into the best in town.', false],
  ['Local Hero', 1983, 'An oil executive sent to buy a Scottish village finds it harder to leave than to buy.', true],
  ['Dark City', 1998, 'A man wakes with no memory in a city where night never ends and streets rearrange.', false],
  ['The Straight Story', 1999, 'An old man rides a lawn mower across two states to make peace with his brother.', true],
  ['Waking Ned Devine', 1998, 'A whole Irish village conspires to claim a lottery win from a man who died of shock.', false],
  ['Lars And The Real Girl', 2007, 'A shy man introduces his family to his new girlfriend, and the town plays along.', true],
  ['Stranger Than Fiction', 2006, 'A tax auditor starts hearing a narrator describe his life and predict his death.', false],
  ['Nebraska', 2013, 'An ageing father sure he has won a million dollars convinces his son to drive him to claim it.', true],
];

export interface DemoSeed extends DemoVotes {
  films: number;
}

/** The demo catalogue with its demo members' answers, in one transaction (a brand-new database: nothing else runs). */
export async function seedDemoCatalogue(db: Database, now: Date): Promise<DemoSeed> {
  const rows = DEMO_FILMS.map(([title, releaseYear, description, watchable]) => ({
    title,
    releaseYear,
    description,
    watchLink: watchable ? `https://www.youtube.com/results?search_query=${encodeURIComponent(`${title} ${releaseYear} full film`)}` : null,
    slug: filmSlug(title, releaseYear),
    createdAt: now,
  }));
  return transaction(db, async (tx) => {
    const inserted = await tx.insert(films).values(rows).onConflictDoNothing().returning({ id: films.filmId });
    // Identity order is catalogue order: the same films get the same answers on every fresh start.
    const filmIds = inserted.map((row) => row.id).sort((a, b) => a - b);
    const votes = await seedDemoVotes(tx, filmIds, now);
    return { films: inserted.length, ...votes };
  });
}

export const demoFilmCount = DEMO_FILMS.length;
